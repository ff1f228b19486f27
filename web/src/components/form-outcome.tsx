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
 * A new outcome shows where the user is looking: it is scrolled into view (the nearest edge, so a
 * banner next to a Save button at the bottom of a long form moves the page no more than needed), and a
 * success takes the focus, so a screen reader reads it and the next Tab starts from it (after "Create
 * Account" the form is emptied and its button disabled: the focus had fallen to the page). A failure
 * leaves the focus to the field it names and is announced as an alert.
 */
export function FormOutcomeBanner({
  outcome,
  success,
  children,
}: {
  outcome: FormOutcome;
  success: string;
  /** More of the success, after the message (e.g. where a new email's link was mailed). */
  children?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome === null) return;
    if (outcome.kind === 'success') box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);
  if (outcome === null) return null;
  return (
    <Box
      ref={box}
      tabIndex={-1}
      data-testid="form-outcome"
      sx={{ scrollMarginTop: 16, scrollMarginBottom: 16, '&:focus': { outline: 'none' } }}
    >
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
