import Alert from '@mui/material/Alert';
import { ACCOUNT_SAVED } from '@contracts/account';
import { AppLink } from '@/components/router-link';
import { errorBody, errorStatus } from '@/lib/api';

/** What the last save of a tab answered (signed-in sections 4 and 8). */
export type SaveOutcome = { kind: 'success' } | { kind: 'duplicate' } | { kind: 'failure'; messages: string[] } | null;

export const SAVE_FAILED = 'Your info could not be saved. Please try again.';

/** A failed save: 409 is the duplicate email of the profile; otherwise the server's messages. */
export function failureOf(error: unknown): SaveOutcome {
  if (errorStatus(error) === 409) return { kind: 'duplicate' };
  const body = errorBody(error);
  return { kind: 'failure', messages: body?.message.length ? body.message : [SAVE_FAILED] };
}

/** The success or failure banner of a tab's form. */
export function SaveOutcomeBanner({ outcome }: { outcome: SaveOutcome }) {
  if (outcome === null) return null;
  if (outcome.kind === 'success') return <Alert severity="success">{ACCOUNT_SAVED}</Alert>;
  if (outcome.kind === 'duplicate') {
    return (
      <Alert severity="error">
        This email is already in use. If you have forgotten your password{' '}
        <AppLink to="/user/forgot">click here</AppLink>.
      </Alert>
    );
  }
  return (
    <Alert severity="error">
      {outcome.messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
