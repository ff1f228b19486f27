import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { Page } from '@/components/page';
import { SubmitButton } from '@/components/submit-button';
import { muiField } from '@/lib/form';
import { useForgotPasswordMutation } from '../api/auth-api';

export default function ForgotRoute() {
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [outcome, setOutcome] = useState<'success' | 'failure' | null>(null);
  const { register, handleSubmit, formState } = useForm<{ EMAIL: string }>({ defaultValues: { EMAIL: '' } });

  const onSubmit = async ({ EMAIL }: { EMAIL: string }) => {
    setOutcome(null);
    try {
      await forgot({ EMAIL: EMAIL.trim() }).unwrap();
      setOutcome('success');
    } catch {
      setOutcome('failure');
    }
  };

  return (
    <Page title="Recover Password" maxWidth="sm">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="email"
            error={!!formState.errors.EMAIL}
            helperText={formState.errors.EMAIL?.message}
            {...muiField(register('EMAIL', { required: 'Email is required.' }))}
          />
          {outcome === 'success' ? (
            <Alert severity="success">
              You will receive an email shortly. Follow the email instructions to change your password.
            </Alert>
          ) : null}
          {outcome === 'failure' ? (
            <Alert severity="error">You must enter a valid email to recover your password.</Alert>
          ) : null}
          <Box>
            <SubmitButton busy={isLoading}>Submit</SubmitButton>
          </Box>
        </Stack>
      </Box>
    </Page>
  );
}
