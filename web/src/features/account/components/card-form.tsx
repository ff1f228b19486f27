import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { cardDeclinedMessage, type CardEntry } from '@contracts/account';
import { CardFields } from '@/components/card-fields';
import { LoadError } from '@/components/load-error';
import { StripeCardFields, type StripeCardHandle } from '@/components/stripe-card-fields';
import { errorBody, errorStatus } from '@/lib/api';
import { useCardOnFileQuery } from '@/lib/card-api';
import { usePaymentsConfigQuery, type StripeSettings } from '@/lib/stripe';
import { useSaveCardMutation } from '../api/account-api';
import {
  markServerErrors,
  type MessageFields,
  SAVE_FAILED,
  SaveOutcomeBanner,
  type SaveOutcome,
  SaveButton,
} from './save-outcome';

export const CARD_UNAVAILABLE = 'Cards cannot be saved right now. Please try again later.';

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
 * expiry, and a form that replaces it through the gateway: the shop's own fields with the sandbox,
 * Stripe's with Stripe (GET /api/payments/config tells which; nothing until it is known).
 */
export function CardForm({ token }: { token: string }) {
  const card = useCardOnFileQuery(token);
  const config = usePaymentsConfigQuery();
  const onFile = card.data?.data ?? null;

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
      {config.data?.GATEWAY === 'stripe' ? (
        config.data.STRIPE ? (
          <StripeCardForm settings={config.data.STRIPE} />
        ) : (
          <Alert severity="error">{CARD_UNAVAILABLE}</Alert>
        )
      ) : config.data ? (
        <OwnCardForm />
      ) : config.isError ? (
        <LoadError what="The card fields" onRetry={() => void config.refetch()} retrying={config.isFetching} />
      ) : (
        <LinearProgress aria-label="Loading card fields" />
      )}
    </Stack>
  );
}

/** The sandbox: the shop's own fields. The typed card lives in this form only: sent once, cleared on success. */
function OwnCardForm() {
  const [save, { isLoading }] = useSaveCardMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const { register, handleSubmit, reset, setValue, setError, setFocus, formState } = useForm<CardEntry>({
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

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
    <Box component="form" aria-label="Card" noValidate autoComplete="on" onSubmit={handleSubmit(onSubmit)}>
      <Stack spacing={2}>
        <CardFields register={register} errors={formState.errors} />
        <SaveButton busy={isLoading} />
        <SaveOutcomeBanner outcome={outcome} />
      </Stack>
    </Box>
  );
}

/**
 * Stripe: the card goes into Stripe's fields and to Stripe only; Save makes a payment method there
 * (StripeCardFields) and sends its id. A card Stripe refuses shows as the tab's decline sentence.
 */
function StripeCardForm({ settings }: { settings: StripeSettings }) {
  const fields = useRef<StripeCardHandle>(null);
  const [save] = useSaveCardMutation();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  // A new Element after a save, so the saved card's number leaves the fields.
  const [generation, setGeneration] = useState(0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || !fields.current) return;
    inFlight.current = true;
    setBusy(true);
    setOutcome(null);
    try {
      const made = await fields.current.paymentMethod();
      if ('error' in made) {
        setOutcome({ kind: 'failure', messages: [cardDeclinedMessage(made.error)] });
        return;
      }
      await save({ PAYMENTMETHOD: made.id }).unwrap();
      setGeneration((count) => count + 1);
      setOutcome({ kind: 'success' });
    } catch (error) {
      setOutcome({ kind: 'failure', messages: failureOf(error).messages });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Box component="form" aria-label="Card" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <StripeCardFields key={generation} ref={fields} settings={settings} />
        <SaveButton busy={busy} />
        <SaveOutcomeBanner outcome={outcome} />
      </Stack>
    </Box>
  );
}
