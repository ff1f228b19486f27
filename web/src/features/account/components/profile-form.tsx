import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import type { AccountUser, ProfileRequest } from '@contracts/account';
import { PASSWORD_MIN_LENGTH, type Specialty, type Status, type Suffix } from '@contracts/identity';
import { PasswordField } from '@/components/password-field';
import { EmailField, ProfileFields, type ProfileFieldNames } from '@/components/profile-fields';
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

const PROFILE_NAMES: ProfileFieldNames<ProfileForm> = {
  firstname: 'firstname',
  lastname: 'lastname',
  suffix: 'suffix',
  specialty: 'specialty',
  status: 'status',
  phone: 'phone',
};

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
        <ProfileFields
          names={PROFILE_NAMES}
          register={register}
          errors={errors}
          specialties={reference?.specialties ?? []}
          statuses={reference?.statuses ?? []}
        />
        <EmailField name="email" register={register} errors={errors} />
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
