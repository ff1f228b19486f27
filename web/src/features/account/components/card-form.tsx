import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { cardDeclinedMessage, type CardEntry } from '@contracts/account';
import { CardFields } from '@/components/card-fields';
import { LoadError } from '@/components/load-error';
import { errorBody, errorStatus } from '@/lib/api';
import { useCardOnFileQuery } from '@/lib/card-api';
import { useSaveCardMutation } from '../api/account-api';
import {
  markServerErrors,
  type MessageFields,
  SAVE_FAILED,
  SaveOutcomeBanner,
  type SaveOutcome,
  SaveButton,
} from './save-outcome';

const EMPTY: CardEntry = { CC: '', MONTH: '', YEAR: '', SC: '' };

/** The server's messages by the field they are about, in the form's order. */
const FIELDS: MessageFields<CardEntry> = [
  ['Card Number', 'CC'],
  ['Card Month', 'MONTH'],
  ['Card Year', 'YEAR'],
  ['Security Code', 'SC'],
];

/** The gateway's text of a decline (402 with ERROR), or the server's messages of another failure. */
function failureOf(error: unknown): { declined: boolean; messages: string[] } {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : null;
  if (typeof data === 'object' && data !== null && 'ERROR' in data && typeof data.ERROR === 'string') {
    if (errorStatus(error) === 402) return { declined: true, messages: [cardDeclinedMessage(data.ERROR)] };
  }
  const messages = errorBody(error)?.message ?? [];
  return { declined: false, messages: messages.length > 0 ? messages : [SAVE_FAILED] };
}

/**
 * The Card section (signed-in sections 2-5 and 8): the card on file as XXXX plus the last four and its
 * expiry, and a form that replaces it through the gateway. The typed card lives in this form only: it is
 * sent once and cleared on success, never kept in local storage or in the store.
 */
export function CardForm({ token }: { token: string }) {
  const card = useCardOnFileQuery(token);
  const [save, { isLoading }] = useSaveCardMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const { register, handleSubmit, reset, setValue, setError, setFocus, formState } = useForm<CardEntry>({
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const onFile = card.data?.data ?? null;

  const onSubmit = async (form: CardEntry) => {
    setOutcome(null);
    try {
      await save({ pay: { CC: form.CC.trim(), MONTH: form.MONTH, YEAR: form.YEAR, SC: form.SC.trim() } }).unwrap();
      reset(EMPTY);
      setOutcome({ kind: 'success' });
    } catch (error) {
      // The security code is never kept after an answer; the number stays for a correction.
      setValue('SC', '');
      const failure = failureOf(error);
      setOutcome({ kind: 'failure', messages: failure.messages });
      // A declined card: its number is what to check first.
      if (!markServerErrors(failure.messages, FIELDS, setError) && failure.declined) setFocus('CC');
    }
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby="card-heading">
      <Typography id="card-heading" variant="h6" component="h2">
        Card
      </Typography>
      {card.isLoading ? <LinearProgress aria-label="Loading card" /> : null}
      {card.isError ? (
        <LoadError what="Your card on file" onRetry={() => void card.refetch()} retrying={card.isFetching} />
      ) : null}
      {card.isSuccess ? (
        <Typography data-testid="card-on-file">
          {onFile
            ? `Card on file: ${onFile.BRAND} XXXX${onFile.LAST4}, expires ${onFile.MONTH}/${onFile.YEAR}`
            : 'No card on file.'}
        </Typography>
      ) : null}
      <Box component="form" aria-label="Card" noValidate autoComplete="on" onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          <CardFields register={register} errors={formState.errors} />
          <SaveButton busy={isLoading} />
          <SaveOutcomeBanner outcome={outcome} />
        </Stack>
      </Box>
    </Stack>
  );
}
