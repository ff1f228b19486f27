import { useEffect, useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import {
  CME_ANSWERS_REQUIRED,
  CME_ATTEMPT_NOT_ACTIVITY,
  CME_CAP_REACHED,
  CME_OUTCOME_LABELS,
  CME_CREDIT_PER_ANSWER,
  CME_TEST_HEADING,
  CME_TEST_TYPES,
  cmeCreditsText,
  cmeNotPassedMessage,
  cmePriorRecordMessage,
  cmeRetakeClosedMessage,
  cmeRetakePolicyNote,
  cmeRightAnswersText,
  cmeSubmittedMessage,
  type CmeExistingRecord,
  type CmeTestResponse,
  type CmeTestSaveResponse,
  type CmeTestType,
} from '@contracts/cme';
import { NotFoundPage } from '@/components/not-found';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { SubmitButton } from '@/components/submit-button';
import { useAppSelector } from '@/app/hooks';
import { useViewer } from '@/lib/auth';
import { selectToken } from '@/lib/session';
import { type Answers, clearDraft, draftKey, readDraft, writeDraft } from '../answers-draft';
import { useCmeTestQuery, useSaveCmeTestMutation, type CmeTestKey } from '../api/cme-api';
import { QuestionFieldset } from '../components/question-fieldset';
import { RetakeDialog } from '../components/retake-dialog';
import { retakeTime } from '../retake-time';
import { cmeErrorText } from '../text';

const LOAD_FAILED = 'The CME test could not be loaded. Please try again later.';
const SAVE_FAILED = 'Your answers could not be submitted. Please try again.';

type Outcome = { kind: 'saved'; answer: CmeTestSaveResponse } | { kind: 'failure'; message: string } | null;

/** The longest delay a browser timer takes (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The retake policy's opening (RETAKE_OPENS_AT of the test or of the last save): closed until then,
 * open again when the time comes while the page stays open.
 */
function useClosedUntil(opensAt: string | null): boolean {
  const [, setTick] = useState(0);
  const until = opensAt === null ? null : Date.parse(opensAt);
  const closed = until !== null && until > Date.now();
  useEffect(() => {
    if (until === null || !closed) return undefined;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(until - Date.now() + 1, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  });
  return closed;
}

/** Before the retake opens: when it does (and, for a test with videos, the way in sooner). */
function RetakeClosed({ test, opensAt }: { test: CmeTestResponse; opensAt: string }) {
  const watch = test.RETAKE_BY_VIEWING && test.TYPE === 'streaming';
  return (
    <Alert severity="info" role="status" aria-label="When you can take this test again">
      <Typography>{cmeRetakeClosedMessage(retakeTime.format(new Date(opensAt)), test.RETAKE_BY_VIEWING)}</Typography>
      {watch ? (
        <AppLink
          to={`/stream/${test.PRODUCTID}`}
          sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 }}
        >
          Watch the videos again
        </AppLink>
      ) : null}
    </Alert>
  );
}

const isTestType = (value: string | undefined): value is CmeTestType => CME_TEST_TYPES.some((type) => type === value);

function BackLink() {
  return (
    <AppLink
      to="/cme-center"
      sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, alignSelf: 'flex-start' }}
    >
      Back to CME Center
    </AppLink>
  );
}

/**
 * An attempt without a right answer: not passed, how many were right, the credits (none) and when a
 * retake opens; never which answers were right.
 */
function NotPassed({ correct, opensAt, label }: { correct: number; opensAt: string | null; label: string }) {
  return (
    <Alert severity="warning" role="status" aria-label={label}>
      <AlertTitle>{CME_OUTCOME_LABELS.not_passed}</AlertTitle>
      <Typography>{cmeNotPassedMessage(correct)}</Typography>
      {opensAt ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          You can take this test again from {retakeTime.format(new Date(opensAt))}.
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {CME_ATTEMPT_NOT_ACTIVITY}
      </Typography>
    </Alert>
  );
}

/** What a submit came to: the spec's success text only for credits earned. */
function SavedAlert({ answer }: { answer: CmeTestSaveResponse }) {
  if (answer.OUTCOME === 'not_passed') {
    return <NotPassed correct={answer.CORRECT} opensAt={answer.RETAKE_OPENS_AT} label="Your result" />;
  }
  const nothingCounted = answer.OUTCOME === 'over_cap';
  return (
    <Alert severity={nothingCounted ? 'warning' : 'success'} role="status" aria-label="Your result">
      <Typography>{nothingCounted ? CME_CAP_REACHED : cmeSubmittedMessage(answer.TOTAL)}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {cmeRightAnswersText(answer.CORRECT)} Your total this year: {cmeCreditsText(answer.YEARTOTAL)}.
      </Typography>
      {answer.CAPPED === 1 && !nothingCounted ? (
        <Typography variant="body2">The yearly limit of 20 CME credits reduced the credits of this record.</Typography>
      ) : null}
    </Alert>
  );
}

/** The test's record this year, before anything is submitted here: the spec's text, or the attempt's result. */
function PriorRecord({ record, closed }: { record: CmeExistingRecord; closed: boolean }) {
  // While the retake is closed, the notice beside it says when it opens.
  if (record.OUTCOME === 'not_passed')
    return <NotPassed correct={record.CORRECT} opensAt={null} label="Your last attempt" />;
  const answers = closed
    ? 'Your earlier answers are shown.'
    : 'Your earlier answers are selected; submitting again replaces this record’s credits.';
  return (
    <Alert severity="info" role="status">
      {cmePriorRecordMessage(record.TOTAL)} {answers}
    </Alert>
  );
}

/** The answers to start from: those kept while the test was open, else the record's, else none. */
function initialAnswers(test: CmeTestResponse, draft: string | null): Answers {
  const kept = draft ? readDraft(draft, test.QUESTIONS.length) : null;
  return kept ?? test.QUESTIONS.map((q) => test.RECORD?.QUESTIONS.find((a) => a.NUMBER === q.NUMBER)?.ANSWER ?? null);
}

/**
 * The questions and Submit; a new submit on an existing record updates it (signed-in section 4), after
 * the user confirmed that its credits replace the earlier ones. Until the retake policy opens the test
 * again (RETAKE_OPENS_AT of the test, or of this page's last save) Submit is disabled and the page says
 * when it opens (the questions stay readable and may be answered meanwhile); a submit the server still refuses shows its ERROR and reads the test
 * again. The answers are kept while the test is open (answers-draft.ts), keyed by `draft` (null: nothing
 * is kept).
 */
function TestForm({
  test,
  testKey,
  draft,
  onRefused,
}: {
  test: CmeTestResponse;
  testKey: CmeTestKey;
  draft: string | null;
  /** A 409: the test's state moved (a retake in its cooldown); read it again. */
  onRefused: () => void;
}) {
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(test, draft));
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);
  /** What this page's last save answered: newer than the test as read (which is read again after a refusal). */
  const [saved, setSaved] = useState<CmeTestSaveResponse | null>(null);
  const [save, { isLoading }] = useSaveCmeTestMutation();
  const missing = answers.some((answer) => answer === null);
  const recordId = saved?.USERCMEID ?? test.RECORD?.ID ?? '0';
  /** The credits the record holds now: a submit then is a retake. */
  const recorded = saved?.TOTAL ?? test.RECORD?.TOTAL ?? null;
  const opensAt = [test.RETAKE_OPENS_AT, saved?.RETAKE_OPENS_AT ?? null].reduce<string | null>(
    (latest, time) => (time !== null && (latest === null || time > latest) ? time : latest),
    null,
  );
  const closed = useClosedUntil(opensAt);

  const send = () => {
    setConfirming(false);
    save({ ...testKey, body: { ANSWERS: answers.map((answer) => answer ?? 0), USERCMEID: recordId } })
      .unwrap()
      .then((answer) => {
        if (draft) clearDraft(draft);
        setSaved(answer);
        setOutcome({ kind: 'saved', answer });
      })
      .catch((error: unknown) => {
        setOutcome({ kind: 'failure', message: cmeErrorText(error, SAVE_FAILED) });
        if (typeof error === 'object' && error !== null && 'status' in error && error.status === 409) onRefused();
      });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setOutcome(null);
    if (missing || closed) return;
    // A record holding credits is replaced by a retake: asked first. An attempt without credit has none to lose.
    if (recorded !== null && recorded > 0) setConfirming(true);
    else send();
  };

  const setAnswer = (index: number, option: number) =>
    setAnswers((current) => {
      const next = current.map((answer, i) => (i === index ? option : answer));
      if (draft) writeDraft(draft, next);
      return next;
    });

  return (
    <Stack spacing={3}>
      {test.RECORD && !outcome ? <PriorRecord record={test.RECORD} closed={closed} /> : null}
      {closed && opensAt !== null ? <RetakeClosed test={test} opensAt={opensAt} /> : null}
      <Box component="form" aria-label="CME test" noValidate onSubmit={onSubmit}>
        <Stack spacing={3}>
          {test.QUESTIONS.map((question, index) => (
            <QuestionFieldset
              key={question.NUMBER}
              question={question}
              answer={answers[index] ?? null}
              missing={tried && answers[index] === null}
              disabled={isLoading}
              onAnswer={(option) => setAnswer(index, option)}
            />
          ))}
          {tried && missing ? (
            <Alert severity="error" role="alert">
              {CME_ANSWERS_REQUIRED}
            </Alert>
          ) : null}
          <Box>
            <SubmitButton busy={isLoading} disabled={closed}>
              Submit
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
      <RetakeDialog open={confirming} credits={recorded ?? 0} onCancel={() => setConfirming(false)} onConfirm={send} />
      {outcome?.kind === 'saved' ? <SavedAlert answer={outcome.answer} /> : null}
      {outcome?.kind === 'failure' ? (
        <Alert severity="error" role="alert">
          {outcome.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** cme/{TYPE}/{ID} (role cme; signed-in sections 2 and 4): four questions of four options, Submit. */
export default function CmeTestRoute() {
  const { type, id } = useParams();
  const token = useAppSelector(selectToken);
  const customerId = useViewer().me?.customerId ?? null;
  const productId = Number(id);
  const valid = isTestType(type) && Number.isSafeInteger(productId) && productId > 0 && /^\d+$/.test(id ?? '');
  const testKey: CmeTestKey | null = valid && token ? { token, type, id: productId } : null;
  const { data, error, isLoading, isFetching, refetch } = useCmeTestQuery(testKey ?? skipToken, {
    refetchOnMountOrArgChange: true,
  });
  /** The test read again after a refused submit: its form stays (with its answers and the refusal) meanwhile. */
  const [rereading, setRereading] = useState<string | null>(null);
  const path = `${type}/${id}`;

  if (!valid) return <NotFoundPage />;
  return (
    <Page title={CME_TEST_HEADING}>
      <Stack spacing={2}>
        <BackLink />
        {isLoading || (isFetching && !data) ? <LinearProgress aria-label="Loading test" /> : null}
        {error ? (
          <Alert severity="error" role="alert">
            {cmeErrorText(error, LOAD_FAILED)}
          </Alert>
        ) : null}
        {data && testKey && (!isFetching || rereading === path) ? (
          <>
            <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {data.NAME}
            </Typography>
            <Typography color="text.secondary">
              Each right answer is worth {CME_CREDIT_PER_ANSWER} CME credit
              {data.SAFETYCREDITS > 0 ? `; this activity includes ${data.SAFETYCREDITS} patient-safety credits` : ''}.
            </Typography>
            <Typography color="text.secondary">{cmeRetakePolicyNote(data.RETAKE_BY_VIEWING)}</Typography>
            <TestForm
              key={`${data.TYPE}-${data.PRODUCTID}`}
              test={data}
              testKey={testKey}
              draft={customerId ? draftKey(customerId, data.TYPE, data.PRODUCTID) : null}
              onRefused={() => {
                setRereading(path);
                void refetch();
              }}
            />
          </>
        ) : null}
      </Stack>
    </Page>
  );
}
