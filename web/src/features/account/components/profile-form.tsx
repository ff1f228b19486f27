import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import type { AccountUser, ProfileRequest } from '@contracts/account';
import {
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  SUFFIXES,
  type Specialty,
  type Status,
  type Suffix,
} from '@contracts/identity';
import { PasswordField } from '@/components/password-field';
import { SubmitButton } from '@/components/submit-button';
import { useReferenceQuery } from '@/lib/catalog-api';
import { muiField } from '@/lib/form';
import { useSaveProfileMutation } from '../api/account-api';
import { failureOf, SaveOutcomeBanner, type SaveOutcome } from './save-outcome';

interface ProfileForm {
  firstname: string;
  lastname: string;
  suffix: string;
  specialty: string;
  status: string;
  phone: string;
  email: string;
  password: string;
  autorenew: boolean;
}

const formOf = (user: AccountUser): ProfileForm => ({
  firstname: user.firstname,
  lastname: user.lastname,
  suffix: user.suffix ?? '',
  specialty: user.specialty,
  status: user.status ?? '',
  phone: user.phone ?? '',
  email: user.email,
  password: '',
  autorenew: user.autorenew === 1,
});

// A simple shape check; the server has the last word ("Email must be a valid email address.").
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (label: string) => ({ value: true, message: `${label} is required.` });

/** The profile tab (signed-in sections 2, 5 and 8): messages show once a field has been touched. */
export function ProfileTab({ user, token }: { user: AccountUser; token: string }) {
  const reference = useReferenceQuery().data;
  const [save, { isLoading }] = useSaveProfileMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const { register, handleSubmit, control, reset, formState } = useForm<ProfileForm>({
    defaultValues: formOf(user),
    mode: 'onTouched',
  });
  const { errors } = formState;

  const onSubmit = async (form: ProfileForm) => {
    setOutcome(null);
    // Required fields are checked by the form; the lists come from the reference data.
    const body: ProfileRequest = {
      firstname: form.firstname.trim(),
      lastname: form.lastname.trim(),
      suffix: form.suffix as Suffix | '',
      specialty: form.specialty as Specialty,
      status: form.status as Status | '',
      phone: form.phone.trim(),
      email: form.email.trim(),
      password: form.password === '' ? null : form.password,
      autorenew: form.autorenew ? 1 : 0,
    };
    try {
      const saved = await save({ token, body }).unwrap();
      reset(formOf(saved.data));
      setOutcome({ kind: 'success' });
    } catch (error) {
      setOutcome(failureOf(error));
    }
  };

  const options = (values: readonly string[]) => [
    <option key="" value="" />,
    ...values.map((value) => (
      <option key={value} value={value}>
        {value}
      </option>
    )),
  ];
  const native = { select: { native: true }, inputLabel: { shrink: true } };

  return (
    <Stack spacing={2}>
      <Alert severity="info">
        Please fill in all "required" fields denoted by an "*". Password must be at least 8 characters or more.
      </Alert>
      <SaveOutcomeBanner outcome={outcome} />
      <Box
        component="form"
        aria-label="Profile"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}
      >
        <TextField
          label="First Name"
          required
          autoComplete="given-name"
          error={!!errors.firstname}
          helperText={errors.firstname?.message}
          {...muiField(register('firstname', { required: required('First Name') }))}
        />
        <TextField
          label="Last Name"
          required
          autoComplete="family-name"
          error={!!errors.lastname}
          helperText={errors.lastname?.message}
          {...muiField(register('lastname', { required: required('Last Name') }))}
        />
        <TextField select label="Suffix" slotProps={native} {...muiField(register('suffix'))}>
          {options(SUFFIXES)}
        </TextField>
        <TextField
          select
          label="Specialty"
          required
          error={!!errors.specialty}
          helperText={errors.specialty?.message}
          slotProps={native}
          {...muiField(register('specialty', { required: required('Specialty') }))}
        >
          {options(reference?.specialties ?? [])}
        </TextField>
        <TextField select label="Status" slotProps={native} {...muiField(register('status'))}>
          {options(reference?.statuses ?? [])}
        </TextField>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={!!errors.phone}
          helperText={errors.phone?.message}
          slotProps={{ htmlInput: { maxLength: PHONE_MAX_LENGTH } }}
          {...muiField(
            register('phone', {
              maxLength: { value: PHONE_MAX_LENGTH, message: `Phone must be at most ${PHONE_MAX_LENGTH} characters.` },
            }),
          )}
        />
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          error={!!errors.email}
          helperText={errors.email?.message}
          {...muiField(
            register('email', {
              required: required('Email'),
              pattern: { value: EMAIL_SHAPE, message: 'Email must be a valid email address.' },
            }),
          )}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          error={!!errors.password}
          helperText={errors.password?.message ?? 'Leave empty to keep your password.'}
          {...muiField(
            register('password', {
              // The spec's own wording (signed-in section 5).
              minLength: { value: PASSWORD_MIN_LENGTH, message: 'Must be 8 characters of more' },
            }),
          )}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Controller
            name="autorenew"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
                label="Auto-renew my subscriptions"
              />
            )}
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <SubmitButton busy={isLoading}>Save</SubmitButton>
        </Box>
      </Box>
    </Stack>
  );
}
