import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Cancel from '@mui/icons-material/Cancel';
import Verified from '@mui/icons-material/Verified';
import { useSearchParams } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';
import { validationTargetsKept } from '@/lib/session';
import { useValidateEmailMutation } from '../api/auth-api';

/** user/validate: validates on load from the mailed link (tolken, email, sendUserTo, redeemCode). */
export default function ValidateRoute() {
  const [params] = useSearchParams();
  const [validate] = useValidateEmailMutation();
  const [outcome, setOutcome] = useState<'success' | 'failure' | null>(null);
  const dispatch = useAppDispatch();
  const started = useRef(false);

  useEffect(() => {
    // One call per page load, also under React's development double effects.
    if (started.current) return;
    started.current = true;
    const email = params.get('email') ?? '';
    const token = params.get('tolken') ?? '';
    validate({ EMAIL: email, TOKEN: token })
      .unwrap()
      .then(() => {
        dispatch(validationTargetsKept({ sendUserTo: params.get('sendUserTo'), redeemCode: params.get('redeemCode') }));
        setOutcome('success');
      })
      .catch(() => setOutcome('failure'));
  }, [params, validate, dispatch]);

  return (
    <Page title="Validate Email" maxWidth="sm">
      <Stack spacing={2}>
        {outcome === null ? <CircularProgress aria-label="Validating" /> : null}
        {outcome === 'success' ? (
          <Alert severity="success" icon={<Verified />}>
            You have successfully validated your email. Please <AppLink to="/login">login here</AppLink>.
          </Alert>
        ) : null}
        {outcome === 'failure' ? (
          <Alert severity="error" icon={<Cancel />}>
            Validation failed. Please contact <AppLink to="/static/contact">customer service</AppLink> if you need help.
          </Alert>
        ) : null}
      </Stack>
    </Page>
  );
}
