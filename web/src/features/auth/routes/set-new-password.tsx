import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { PasswordField } from '@/components/password-field';
import { AppLink } from '@/components/router-link';
import { SubmitButton } from '@/components/submit-button';
import { muiField } from '@/lib/form';
import { PASSWORD_RULES } from '@/lib/person';
import { useSetNewPasswordMutation } from '../api/auth-api';

/** user/redeem: the reset link carries tolken (sic) and email. */
export default function SetNewPasswordRoute() {
  const [params] = useSearchParams();
  const [setNewPassword, { isLoading }] = useSetNewPasswordMutation();
  const [outcome, setOutcome] = useState<'success' | 'failure' | null>(null);
  const { register, handleSubmit, formState } = useForm<{ PASSWORD: string }>({
    defaultValues: { PASSWORD: '' },
    mode: 'onTouched',
  });
  const fieldError = formState.errors.PASSWORD;
  // Storefront section 5: the invalid message shows only before success and once the field is touched or dirty.
  const showInvalid = outcome !== 'success' && !!fieldError;

  const onSubmit = async ({ PASSWORD }: { PASSWORD: string }) => {
    setOutcome(null);
    try {
      await setNewPassword({
        EMAIL: params.get('email') ?? '',
        TOKEN: params.get('tolken') ?? '',
        PASSWORD,
      }).unwrap();
      setOutcome('success');
    } catch {
      setOutcome('failure');
    }
  };

  return (
    <Page title="Enter Your New Password" maxWidth="sm">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          <PasswordField
            label="New Password"
            required
            autoComplete="new-password"
            error={showInvalid}
            helperText={showInvalid ? fieldError?.message : undefined}
            {...muiField(register('PASSWORD', PASSWORD_RULES.new))}
          />
          {outcome === 'success' ? (
            <Alert severity="success">
              Your password has been changed. Please <AppLink to="/login">login here</AppLink>.
            </Alert>
          ) : null}
          {outcome === 'failure' ? (
            <Alert severity="warning">
              Something went wrong. Please try again here: <AppLink to="/user/forgot">Forgot Password</AppLink>
            </Alert>
          ) : null}
          <Box>
            <SubmitButton busy={isLoading}>Submit</SubmitButton>
          </Box>
        </Stack>
      </Box>
    </Page>
  );
}
