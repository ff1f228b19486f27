import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import {
  CLIENT_VERSION,
  PASSWORD_MIN_LENGTH,
  SPECIALTIES,
  STATUSES,
  type RegistrationUser,
  type Specialty,
  type Status,
  type Suffix,
} from '@contracts/identity';
import { useAppSelector } from '@/app/hooks';
import { Page } from '@/components/page';
import { PasswordField } from '@/components/password-field';
import { EmailField, ProfileFields, type ProfileFieldNames } from '@/components/profile-fields';
import { AppLink } from '@/components/router-link';
import { SubmitButton } from '@/components/submit-button';
import { errorBody, errorStatus, userTimezone } from '@/lib/api';
import { muiField } from '@/lib/form';
import { useReferenceQuery } from '@/lib/catalog-api';
import { useRegisterMutation } from '../api/auth-api';

export const VALIDATE_EMAIL_NOTICE =
  'Please validate your email by following the instructions we sent to your email address. You can login after validating.';

interface RegisterForm {
  FIRSTNAME: string;
  LASTNAME: string;
  SUFFIX: Suffix | '';
  SPECIALTY: Specialty | '';
  STATUS: Status | '';
  ADDRESS: string;
  ADDRESS2: string;
  CITY: string;
  STATE: string;
  ZIP: string;
  COUNTRY: string;
  PHONE: string;
  EMAIL: string;
  PASSWORD: string;
  agree: boolean;
  autorenew: boolean;
}

const EMPTY: RegisterForm = {
  FIRSTNAME: '',
  LASTNAME: '',
  SUFFIX: '',
  SPECIALTY: '',
  STATUS: '',
  ADDRESS: '',
  ADDRESS2: '',
  CITY: '',
  STATE: '',
  ZIP: '',
  COUNTRY: '',
  PHONE: '',
  EMAIL: '',
  PASSWORD: '',
  agree: false,
  // Storefront section 5: auto-renew defaults on.
  autorenew: true,
};

type Outcome = { kind: 'success' } | { kind: 'duplicate' } | { kind: 'failure'; messages: string[] } | null;

const PROFILE_NAMES: ProfileFieldNames<RegisterForm> = {
  firstname: 'FIRSTNAME',
  lastname: 'LASTNAME',
  suffix: 'SUFFIX',
  specialty: 'SPECIALTY',
  status: 'STATUS',
  phone: 'PHONE',
};

const TEXT_FIELDS: { name: 'ADDRESS' | 'ADDRESS2' | 'CITY'; label: string }[] = [
  { name: 'ADDRESS', label: 'Address' },
  { name: 'ADDRESS2', label: 'Address Line 2' },
  { name: 'CITY', label: 'City' },
];

export default function RegisterRoute() {
  const [registerUser, { isLoading }] = useRegisterMutation();
  // State and country lists of GET /api/reference: NOTUS first; the common countries (USA, GBR) first.
  const reference = useReferenceQuery().data;
  const countries = reference?.countries ?? [];
  const common = (reference?.commonCountries ?? [])
    .map((code) => countries.find((country) => country.code === code))
    .filter((country) => country !== undefined);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const session = useAppSelector((state) => state.session);
  const { register, handleSubmit, control, watch, reset, formState } = useForm<RegisterForm>({
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = formState;
  const agreed = watch('agree');

  const onSubmit = async (form: RegisterForm) => {
    setOutcome(null);
    const { agree, autorenew, SPECIALTY, ...fields } = form;
    // Required fields are checked by the form, so SPECIALTY is one of the list here.
    const body: RegistrationUser = {
      ...fields,
      SPECIALTY: SPECIALTY as Specialty,
      EMAIL: fields.EMAIL.trim(),
      agree: agree ? 1 : 0,
      autorenew: autorenew ? 1 : 0,
      VERSION: CLIENT_VERSION,
      sendUserTo: session.sendUserTo ?? undefined,
      redeemCode: session.redeemCode ?? undefined,
      utimezone: userTimezone(),
    };
    try {
      await registerUser(body).unwrap();
      reset(EMPTY);
      setOutcome({ kind: 'success' });
    } catch (error) {
      if (errorStatus(error) === 409) {
        setOutcome({ kind: 'duplicate' });
        return;
      }
      const failure = errorBody(error);
      const messages = failure?.message.length ? failure.message : [failure?.error || 'Registration failed.'];
      setOutcome({ kind: 'failure', messages });
    }
  };

  const required = (label: string) => ({ required: `${label} is required.` });

  return (
    <Page title="Create Account">
      <Stack spacing={2}>
        <Alert severity="info">
          Please fill in all "required" fields denoted by an "*". Password must be at least 8 characters or more.
        </Alert>
        {outcome?.kind === 'success' ? <Alert severity="success">{VALIDATE_EMAIL_NOTICE}</Alert> : null}
        {outcome?.kind === 'duplicate' ? (
          <Alert severity="error">
            This email is already in use. If you have forgotten your password{' '}
            <AppLink to="/user/forgot">click here</AppLink>.
          </Alert>
        ) : null}
        {outcome?.kind === 'failure' ? (
          <Alert severity="error">
            {outcome.messages.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        ) : null}
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <ProfileFields
            names={PROFILE_NAMES}
            register={register}
            errors={errors}
            specialties={SPECIALTIES}
            statuses={STATUSES}
          />
          {TEXT_FIELDS.map((field) => (
            <TextField key={field.name} label={field.label} {...muiField(register(field.name))} />
          ))}
          <TextField select label="State" slotProps={{ select: { native: true } }} {...muiField(register('STATE'))}>
            <option value="" />
            {(reference?.states ?? []).map((state) => (
              <option key={state.key} value={state.key}>
                {state.value}
              </option>
            ))}
          </TextField>
          <TextField label="Zip Code" autoComplete="postal-code" {...muiField(register('ZIP'))} />
          <TextField select label="Country" slotProps={{ select: { native: true } }} {...muiField(register('COUNTRY'))}>
            <option value="" />
            {common.length > 0 ? (
              <optgroup label="Common">
                {common.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            <optgroup label="All countries">
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </optgroup>
          </TextField>
          <EmailField name="EMAIL" register={register} errors={errors} />
          <PasswordField
            label="Password"
            required
            autoComplete="new-password"
            error={!!errors.PASSWORD}
            helperText={errors.PASSWORD?.message ?? ' '}
            slotProps={{ htmlInput: { title: 'Must be 8 characters of more' } }}
            {...muiField(
              register('PASSWORD', {
                ...required('Password'),
                minLength: { value: PASSWORD_MIN_LENGTH, message: 'Password must be at least 8 characters or more.' },
              }),
            )}
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Controller
              name="autorenew"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
                  label="Auto-renew my subscriptions"
                />
              )}
            />
            <Controller
              name="agree"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
                  label="I agree to the Terms of Use and Privacy Policy"
                />
              )}
            />
            <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
              <AppLink to="/static/terms-of-use">Terms of Use</AppLink>
              <AppLink to="/static/privacy-policy">Privacy Policy</AppLink>
            </Stack>
            <SubmitButton busy={isLoading} disabled={!agreed}>
              Create Account
            </SubmitButton>
          </Box>
        </Box>
      </Stack>
    </Page>
  );
}
