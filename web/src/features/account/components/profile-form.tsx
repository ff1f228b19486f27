import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import type { AccountUser, ProfileRequest } from '@contracts/account';
import { PasswordField } from '@/components/password-field';
import { PersonFields } from '@/components/person-fields';
import { AppLink } from '@/components/router-link';
import { messageOf, muiField } from '@/lib/form';
import { PERSON_NOTICE, personOf, type PersonValues } from '@/lib/person';
import { useSaveProfileMutation } from '../api/account-api';
import {
  failureOf,
  markServerErrors,
  type MessageFields,
  SaveOutcomeBanner,
  type SaveOutcome,
  SaveButton,
} from './save-outcome';

interface ProfileForm extends PersonValues {
  currentPassword: string;
  autorenew: boolean;
}

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password to change your email or password.';

/** The server's messages by the field they are about, in the form's order. */
const FIELDS: MessageFields<ProfileForm> = [
  ['First Name', 'firstname'],
  ['Last Name', 'lastname'],
  ['Suffix', 'suffix'],
  ['Specialty', 'specialty'],
  ['Status', 'status'],
  ['Phone', 'phone'],
  ['Email', 'email'],
  ['Password', 'password'],
  ['Current Password', 'currentPassword'],
  ['Please enter your current password', 'currentPassword'],
  ['Your current password', 'currentPassword'],
];

const formOf = (user: AccountUser): ProfileForm => ({
  firstname: user.firstname,
  lastname: user.lastname,
  suffix: user.suffix ?? '',
  specialty: user.specialty,
  status: user.status ?? '',
  phone: user.phone ?? '',
  email: user.email,
  password: '',
  currentPassword: '',
  autorenew: user.autorenew === 1,
});

/** A new email is one that is neither the account's nor the one already waiting for its link. */
const asksNewEmail = (typed: string, user: AccountUser): boolean => {
  const email = typed.trim().toLowerCase();
  return email !== '' && email !== user.email && email !== user.pendingEmail;
};

/** The new address waiting for its link: login and mail stay on the account's email meanwhile. */
function PendingEmailNote({ user }: { user: AccountUser }) {
  if (user.pendingEmail === null) return null;
  return (
    <Alert severity="info" role="note" data-testid="pending-email">
      Pending: {user.pendingEmail}. Follow the link we mailed to that address to make it your login email; until then
      you keep logging in with {user.email}.
    </Alert>
  );
}

/**
 * The profile tab (signed-in sections 2, 5 and 8): messages show once a field has been touched. A new
 * email or a new password asks for the current password (docs/decisions.md); the outcome of Save shows
 * next to it, and a refused field gets the focus.
 */
export function ProfileTab({ user, token }: { user: AccountUser; token: string }) {
  const [save, { isLoading }] = useSaveProfileMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const { register, handleSubmit, control, reset, watch, setError, formState } = useForm<ProfileForm>({
    defaultValues: formOf(user),
    mode: 'onTouched',
  });
  const needsCurrent = asksNewEmail(watch('email'), user) || watch('password') !== '';
  const currentMessage = messageOf(formState.errors.currentPassword);

  const onSubmit = async (form: ProfileForm) => {
    setOutcome(null);
    setMailedTo(null);
    const person = personOf(form);
    // An empty password keeps the current one; the current password goes only with what needs it.
    const body: ProfileRequest = {
      ...person,
      password: person.password || null,
      autorenew: form.autorenew ? 1 : 0,
      ...(needsCurrent ? { currentPassword: form.currentPassword } : {}),
    };
    try {
      const saved = await save({ token, body }).unwrap();
      reset(formOf(saved.data));
      setMailedTo(saved.data.pendingEmail !== user.pendingEmail ? saved.data.pendingEmail : null);
      setOutcome({ kind: 'success' });
    } catch (error) {
      const failure = failureOf(error);
      setOutcome(failure);
      if (failure?.kind === 'duplicate') setError('email', { type: 'server' }, { shouldFocus: true });
      if (failure?.kind === 'failure') markServerErrors(failure.messages, FIELDS, setError);
    }
  };

  return (
    <Stack spacing={2}>
      <Alert severity="info" role="note">
        {PERSON_NOTICE}
      </Alert>
      <PendingEmailNote user={user} />
      <Box
        component="form"
        aria-label="Profile"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}
      >
        <PersonFields register={register} errors={formState.errors} password="change" />
        {needsCurrent ? (
          <PasswordField
            label="Current Password"
            required
            autoComplete="current-password"
            error={currentMessage !== undefined}
            helperText={currentMessage ?? 'Needed to change your email or password.'}
            {...muiField(register('currentPassword', { required: CURRENT_PASSWORD_REQUIRED }))}
          />
        ) : null}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <AppLink to="/user/forgot" sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
            Forgot Password?
          </AppLink>
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Controller
            name="autorenew"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(_, checked) => field.onChange(checked)}
                    slotProps={{ input: { 'aria-describedby': 'autorenew-help' } }}
                  />
                }
                label="Auto-renew my subscriptions"
              />
            )}
          />
          <FormHelperText id="autorenew-help" sx={{ mx: 0 }}>
            Turning this on or off sets every subscription; the Subscriptions tab turns each one on or off.
          </FormHelperText>
        </Box>
        <Stack spacing={2} sx={{ gridColumn: '1 / -1' }}>
          <SaveButton busy={isLoading} />
          <SaveOutcomeBanner outcome={outcome}>
            {mailedTo ? ` We mailed a link to ${mailedTo}: follow it to make it your login email.` : null}
          </SaveOutcomeBanner>
        </Stack>
      </Box>
    </Stack>
  );
}
