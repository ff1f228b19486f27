import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Page } from '@/components/page';
import { SubmitButton } from '@/components/submit-button';
import { muiField } from '@/lib/form';
import { useResendValidationMutation } from '../api/auth-api';
import { VALIDATE_EMAIL_NOTICE } from './register';

export default function ResendRoute() {
  const [resend, { isLoading }] = useResendValidationMutation();
  const [succeeded, setSucceeded] = useState(false);
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, formState } = useForm<{ EMAIL: string }>({ defaultValues: { EMAIL: '' } });

  const onSubmit = async ({ EMAIL }: { EMAIL: string }) => {
    setFailed(false);
    try {
      await resend({ EMAIL: EMAIL.trim() }).unwrap();
      setSucceeded(true);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Page title="Resend Validation" maxWidth="sm">
      <Typography variant="h5" component="h2" gutterBottom>
        Enter Your Email
      </Typography>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="email"
            error={!!formState.errors.EMAIL}
            helperText={formState.errors.EMAIL?.message}
            {...muiField(
              register('EMAIL', {
                required: 'Email is required.',
                pattern: { value: /^[^\s@]+@[^\s@]+$/, message: 'You must enter a valid email.' },
              }),
            )}
          />
          {succeeded ? <Alert severity="success">{VALIDATE_EMAIL_NOTICE}</Alert> : null}
          {/* Storefront section 4: the failure message shows only when there was no success. */}
          {failed && !succeeded ? <Alert severity="error">You must enter a valid email.</Alert> : null}
          <Box>
            <SubmitButton busy={isLoading}>Submit</SubmitButton>
          </Box>
        </Stack>
      </Box>
    </Page>
  );
}
