import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { CmeQuestion } from '@contracts/cme';

export const unansweredText = (n: number): string => `Please choose an answer to question ${n}.`;

/**
 * One question: a fieldset whose legend is the question, and a radio group of its four options (the
 * arrow keys move between them, Space chooses). An answer is the 0-based index of the chosen option.
 */
export function QuestionFieldset({
  question,
  answer,
  missing,
  disabled,
  onAnswer,
}: {
  question: CmeQuestion;
  answer: number | null;
  /** Submit was tried without an answer here. */
  missing: boolean;
  disabled: boolean;
  onAnswer: (option: number) => void;
}) {
  const helpId = `cme-question-${question.NUMBER}-help`;
  return (
    <FormControl component="fieldset" error={missing} disabled={disabled} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600, overflowWrap: 'anywhere', mb: 0.5 }}>
        {question.NUMBER}. {question.TEXT}
      </FormLabel>
      <RadioGroup
        name={`cme-question-${question.NUMBER}`}
        value={answer === null ? '' : String(answer)}
        onChange={(event) => onAnswer(Number(event.target.value))}
        aria-describedby={missing ? helpId : undefined}
      >
        {question.OPTIONS.map((option, index) => (
          <FormControlLabel
            key={index}
            value={String(index)}
            // 10 px around the 24 px circle: a 44 px target on a phone.
            control={<Radio sx={{ p: 1.25 }} />}
            label={option}
            sx={{
              alignItems: 'flex-start',
              mr: 0,
              '& .MuiFormControlLabel-label': { pt: 1.25, overflowWrap: 'anywhere' },
            }}
          />
        ))}
      </RadioGroup>
      {missing ? <FormHelperText id={helpId}>{unansweredText(question.NUMBER)}</FormHelperText> : null}
    </FormControl>
  );
}
