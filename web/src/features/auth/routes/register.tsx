import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { CLIENT_VERSION, type RegistrationUser } from '@contracts/identity';
import { useAppSelector } from '@/app/hooks';
import { Page } from '@/components/page';
import { FormOutcomeBanner, formFailure, type FormOutcome } from '@/components/form-outcome';
import { PersonFields } from '@/components/person-fields';
import { AppLink } from '@/components/router-link';
import { SubmitButton } from '@/components/submit-button';
import { userTimezone } from '@/lib/api';
import { useReferenceQuery } from '@/lib/catalog-api';
import { muiField } from '@/lib/form';
import { EMPTY_PERSON, PERSON_NOTICE, personOf, type PersonValues } from '@/lib/person';
import { useRegisterMutation } from '../api/auth-api';

export const VALIDATE_EMAIL_NOTICE =
  'Please validate your email by following the instructions we sent to your email address. You can login after validating.';

/** The person fields (lib/person.ts), then the optional address and the two choices. */
interface RegisterForm extends PersonValues {
  ADDRESS: string;
  ADDRESS2: string;
  CITY: string;
  STATE: string;
  ZIP: string;
  COUNTRY: string;
  agree: boolean;
  autorenew: boolean;
}

const EMPTY: RegisterForm = {
  ...EMPTY_PERSON,
  ADDRESS: '',
  ADDRESS2: '',
  CITY: '',
  STATE: '',
  ZIP: '',
  COUNTRY: '',
  agree: false,
  // Storefront section 5: auto-renew defaults on.
  autorenew: true,
};

const REGISTRATION_FAILED = 'Registration failed.';

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
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const session = useAppSelector((state) => state.session);
  const { register, handleSubmit, control, watch, reset, formState } = useForm<RegisterForm>({
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const agreed = watch('agree');

  const onSubmit = async (form: RegisterForm) => {
    setOutcome(null);
    const person = personOf(form);
    const body: RegistrationUser = {
      FIRSTNAME: person.firstname,
      LASTNAME: person.lastname,
      SUFFIX: person.suffix,
      SPECIALTY: person.specialty,
      STATUS: person.status,
      ADDRESS: form.ADDRESS,
      ADDRESS2: form.ADDRESS2,
      CITY: form.CITY,
      STATE: form.STATE,
      ZIP: form.ZIP,
      COUNTRY: form.COUNTRY,
      PHONE: person.phone,
      EMAIL: person.email,
      PASSWORD: person.password,
      agree: form.agree ? 1 : 0,
      autorenew: form.autorenew ? 1 : 0,
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
      setOutcome(formFailure(error, REGISTRATION_FAILED));
    }
  };

  return (
    <Page title="Create Account">
      <Stack spacing={2}>
        <Alert severity="info" role="note">
          {PERSON_NOTICE}
        </Alert>
        <FormOutcomeBanner outcome={outcome} success={VALIDATE_EMAIL_NOTICE} />
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <PersonFields register={register} errors={formState.errors} password="new" />
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
