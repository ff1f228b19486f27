import Alert from '@mui/material/Alert';
import { errorBody, errorStatus } from '@/lib/api';
import { AppLink } from './router-link';

/** What the last submit of a person form answered: registration and the account's tabs. */
export type FormOutcome = { kind: 'success' } | { kind: 'duplicate' } | { kind: 'failure'; messages: string[] } | null;

/** A failed submit: 409 is an email already in use; otherwise the server's messages, or `fallback`. */
export function formFailure(error: unknown, fallback: string): FormOutcome {
  if (errorStatus(error) === 409) return { kind: 'duplicate' };
  const body = errorBody(error);
  return { kind: 'failure', messages: body?.message.length ? body.message : [fallback] };
}

/** The 409 of registration and of the profile (storefront and signed-in section 8), with its link. */
export function EmailInUseAlert() {
  return (
    <Alert severity="error">
      This email is already in use. If you have forgotten your password <AppLink to="/user/forgot">click here</AppLink>.
    </Alert>
  );
}

/** The banner of a form's last submit: `success` on success, the 409 alert, or the failure's messages. */
export function FormOutcomeBanner({ outcome, success }: { outcome: FormOutcome; success: string }) {
  if (outcome === null) return null;
  if (outcome.kind === 'success') return <Alert severity="success">{success}</Alert>;
  if (outcome.kind === 'duplicate') return <EmailInUseAlert />;
  return (
    <Alert severity="error">
      {outcome.messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
