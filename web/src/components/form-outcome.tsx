import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { errorBody, errorStatus } from '@/lib/api';
import { AppLink } from './router-link';

/** What the last submit of a person form answered: registration and the account's tabs. */
export type FormOutcome = { kind: 'success' } | { kind: 'duplicate' } | { kind: 'failure'; messages: string[] } | null;

/** A failed submit: 409 is an email already in use; otherwise the server's messages, or `fallback`. */
export function formFailure(error: unknown, fallback: string): FormOutcome {
  if (errorStatus(error) === 409) {
    const body = errorBody(error);
    // The account's "changed at the same moment" is a 409 too: only the email's is the duplicate.
    if (!body?.error || body.error.startsWith('This email is already in use.')) return { kind: 'duplicate' };
    return { kind: 'failure', messages: [body.error] };
  }
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

/**
 * The banner of a form's last submit: `success` on success, the 409 alert, or the failure's messages.
 * With `reveal`, a new outcome is scrolled into view (the nearest edge), for a banner placed next to a
 * Save button at the bottom of a long form: the answer shows where the user is looking.
 */
export function FormOutcomeBanner({
  outcome,
  success,
  reveal = false,
  children,
}: {
  outcome: FormOutcome;
  success: string;
  reveal?: boolean;
  /** More of the success, after the message (e.g. where a new email's link was mailed). */
  children?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal && outcome !== null) box.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome, reveal]);
  if (outcome === null) return null;
  return (
    <Box ref={box} data-testid="form-outcome" sx={{ scrollMarginBottom: 16 }}>
      {outcome.kind === 'success' ? (
        <Alert severity="success">
          {success}
          {children}
        </Alert>
      ) : outcome.kind === 'duplicate' ? (
        <EmailInUseAlert />
      ) : (
        <Alert severity="error">
          {outcome.messages.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}
