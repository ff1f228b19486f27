import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation, useSearchParams } from 'react-router';
import { EMAIL_CHANGE_CONFIRMED, EMAIL_CHANGE_UNDONE } from '@contracts/account';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { useConfirmEmailChangeMutation, useUndoEmailChangeMutation } from '@/lib/account-api';
import { errorBody, errorStatus } from '@/lib/api';
import { loggedOut, selectToken } from '@/lib/session';

type Outcome = { kind: 'success' } | { kind: 'failure'; message: string } | null;

const LINK_FAILED = 'This link is no longer valid. Please contact customer service if you need help.';

/** The server's words for a refused link: the invalid link, or the 409 of an address taken meanwhile. */
const failureOf = (error: unknown): Outcome => {
  const body = errorBody(error);
  if (errorStatus(error) === 409 && body?.error) return { kind: 'failure', message: body.error };
  return { kind: 'failure', message: body?.message[0] ?? LINK_FAILED };
};

/** user/confirm-email: the link mailed to the new address, followed on load (as user/validate). */
function ConfirmEmailChange({ link }: { link: { ID: string; TOKEN: string } }) {
  const [confirm] = useConfirmEmailChangeMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const started = useRef(false);
  useEffect(() => {
    // One call per page load, also under React's development double effects.
    if (started.current) return;
    started.current = true;
    confirm(link)
      .unwrap()
      .then(() => setOutcome({ kind: 'success' }))
      .catch((error: unknown) => setOutcome(failureOf(error)));
  }, [confirm, link]);
  return (
    <Page title="Confirm Your New Email" maxWidth="sm">
      <Stack spacing={2} aria-live="polite">
        {outcome === null ? <CircularProgress aria-label="Confirming" /> : null}
        {outcome?.kind === 'success' ? (
          <Alert severity="success">
            {EMAIL_CHANGE_CONFIRMED} <AppLink to="/user/account#profile">Go to your account</AppLink>
          </Alert>
        ) : null}
        {outcome?.kind === 'failure' ? <Alert severity="error">{outcome.message}</Alert> : null}
      </Stack>
    </Page>
  );
}

/**
 * user/undo-email-change: the link mailed to the old address. It asks before it acts (undoing ends every
 * session of the account), then drops this browser's session too.
 */
function UndoEmailChange({ link }: { link: { ID: string; TOKEN: string } }) {
  const [undo, { isLoading }] = useUndoEmailChangeMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  const onUndo = async () => {
    try {
      await undo(link).unwrap();
      if (token !== null) dispatch(loggedOut());
      setOutcome({ kind: 'success' });
    } catch (error) {
      setOutcome(failureOf(error));
    }
  };
  return (
    <Page title="Undo Email Change" maxWidth="sm">
      <Stack spacing={2}>
        {outcome?.kind !== 'success' ? (
          <>
            <Typography>
              Someone asked to change the email address of your account. If it was not you, undo the change: your
              account keeps (or gets back) this address and every device is logged out.
            </Typography>
            <div>
              <Button
                variant="contained"
                sx={{ minHeight: 44 }}
                onClick={() => void onUndo()}
                disabled={isLoading}
                startIcon={isLoading ? <CircularProgress size={18} color="inherit" aria-label="Working" /> : undefined}
              >
                Undo the email change
              </Button>
            </div>
          </>
        ) : null}
        <Stack aria-live="polite">
          {outcome?.kind === 'success' ? (
            <Alert severity="success">
              {EMAIL_CHANGE_UNDONE} <AppLink to="/login">Login</AppLink> ·{' '}
              <AppLink to="/user/forgot">Forgot Password</AppLink>
            </Alert>
          ) : null}
          {outcome?.kind === 'failure' ? <Alert severity="error">{outcome.message}</Alert> : null}
        </Stack>
      </Stack>
    </Page>
  );
}

/** The two links of an email change (docs/api.md, Identity): tolken (sic, as the other links) and the account id. */
export default function EmailChangeRoute() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [link] = useState(() => ({ ID: params.get('id') ?? '', TOKEN: params.get('tolken') ?? '' }));
  return pathname.endsWith('/undo-email-change') ? <UndoEmailChange link={link} /> : <ConfirmEmailChange link={link} />;
}
