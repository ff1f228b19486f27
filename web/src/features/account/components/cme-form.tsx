import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { errorBody } from '@/lib/api';
import { DOB_FORMAT, DOB_PATTERN, DOB_REQUIRED, messageOf, muiField } from '@/lib/form';
import { useCmeInfoQuery, useSaveCmeInfoMutation } from '../api/account-api';
import { SAVE_FAILED, SaveOutcomeBanner, type SaveOutcome, SaveButton } from './save-outcome';

export const CME_STATEMENT =
  'CME is meant for surgeons in the United States. Our CME accreditor needs your date of birth to issue your certificates; it is stored encrypted.';

/** Signed-in section 8: a failed CME save shows the server's ERROR (or its messages). */
function failureText(error: unknown): string {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : null;
  if (typeof data === 'object' && data !== null && 'ERROR' in data && typeof data.ERROR === 'string') return data.ERROR;
  const messages = errorBody(error)?.message ?? [];
  return messages.length > 0 ? messages.join(' ') : SAVE_FAILED;
}

function CmeDobForm({ token, dob }: { token: string; dob: string }) {
  const [save, { isLoading }] = useSaveCmeInfoMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<{ DOB: string }>({
    defaultValues: { DOB: dob },
    mode: 'onTouched',
  });
  const message = messageOf(formState.errors.DOB);

  const onSubmit = async ({ DOB }: { DOB: string }) => {
    setOutcome(null);
    try {
      const saved = await save({ token, body: { DOB: DOB.trim() } }).unwrap();
      reset({ DOB: saved.data.DOB ?? DOB.trim() });
      setOutcome({ kind: 'success' });
    } catch (error) {
      const message = failureText(error);
      setOutcome({ kind: 'failure', messages: [message] });
      // The one field of the form: its message shows under it and the focus goes to it.
      if (message.startsWith('Date of Birth')) setError('DOB', { type: 'server', message }, { shouldFocus: true });
    }
  };

  return (
    <Stack spacing={2}>
      <Box component="form" aria-label="CME info" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2} sx={{ maxWidth: 360 }}>
          <TextField
            label="Date of Birth"
            required
            placeholder="MM/DD/YYYY"
            autoComplete="bday"
            error={message !== undefined}
            helperText={message ?? 'MM/DD/YYYY'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            {...muiField(
              register('DOB', {
                validate: (value) => {
                  const text = value.trim();
                  if (!text) return DOB_REQUIRED;
                  return DOB_PATTERN.test(text) || DOB_FORMAT;
                },
              }),
            )}
          />
          <SaveButton busy={isLoading} />
          <SaveOutcomeBanner outcome={outcome} />
        </Stack>
      </Box>
    </Stack>
  );
}

/**
 * The CME info tab (roles cme or cmePrint; signed-in sections 2, 5 and 8): the date of birth, also the
 * one recorded at checkout. A load failure leaves the field empty (the spec only logs it) with a note.
 */
export function CmeTab({ token }: { token: string }) {
  const { data, isLoading, isError } = useCmeInfoQuery(token);
  return (
    <Stack spacing={2}>
      <Alert severity="info">{CME_STATEMENT}</Alert>
      {isLoading ? (
        <LinearProgress aria-label="Loading CME info" />
      ) : (
        <>
          {isError ? (
            <Alert severity="warning">Your saved date of birth could not be loaded; you can enter it again.</Alert>
          ) : null}
          <CmeDobForm token={token} dob={data?.data.DOB ?? ''} />
        </>
      )}
    </Stack>
  );
}
