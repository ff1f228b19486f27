import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import type { AccountUser, ProfileRequest } from '@contracts/account';
import { PersonFields } from '@/components/person-fields';
import { SubmitButton } from '@/components/submit-button';
import { PERSON_NOTICE, personOf, type PersonValues } from '@/lib/person';
import { useSaveProfileMutation } from '../api/account-api';
import { failureOf, SaveOutcomeBanner, type SaveOutcome } from './save-outcome';

interface ProfileForm extends PersonValues {
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

/** The profile tab (signed-in sections 2, 5 and 8): messages show once a field has been touched. */
export function ProfileTab({ user, token }: { user: AccountUser; token: string }) {
  const [save, { isLoading }] = useSaveProfileMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const { register, handleSubmit, control, reset, formState } = useForm<ProfileForm>({
    defaultValues: formOf(user),
    mode: 'onTouched',
  });

  const onSubmit = async (form: ProfileForm) => {
    setOutcome(null);
    const person = personOf(form);
    // An empty password keeps the current one.
    const body: ProfileRequest = { ...person, password: person.password || null, autorenew: form.autorenew ? 1 : 0 };
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
      <Alert severity="info">{PERSON_NOTICE}</Alert>
      <SaveOutcomeBanner outcome={outcome} />
      <Box
        component="form"
        aria-label="Profile"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}
      >
        <PersonFields register={register} errors={formState.errors} password="change" />
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
