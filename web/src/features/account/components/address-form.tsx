import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm, type RegisterOptions } from 'react-hook-form';
import type { AccountAddress, AccountUser } from '@contracts/account';
import type { ReferenceData } from '@contracts/catalog';
import { SubmitButton } from '@/components/submit-button';
import { useReferenceQuery } from '@/lib/catalog-api';
import { muiField } from '@/lib/form';
import { useSaveAddressMutation } from '../api/account-api';
import { failureOf, SaveOutcomeBanner, type SaveOutcome } from './save-outcome';

export const ADDRESS_MAX = 59;

const EMPTY: AccountAddress = { ADDRESS: '', ADDRESS2: '', CITY: '', STATE: '', ZIP: '', COUNTRY: '' };

/** Countries with checkout's common group first, so the saved address reads as checkout shows it. */
function countries(reference: ReferenceData | undefined) {
  if (!reference) return [];
  const common = reference.checkoutCommonCountries
    .map((code) => reference.countries.find((country) => country.code === code))
    .filter((country) => country !== undefined);
  const rest = reference.countries.filter((country) => !reference.checkoutCommonCountries.includes(country.code));
  return [...common, ...rest];
}

const required = (label: string): RegisterOptions<AccountAddress> => ({
  required: { value: true, message: `${label} is required.` },
});
const max = (label: string) => ({
  maxLength: { value: ADDRESS_MAX, message: `${label} must be at most ${ADDRESS_MAX} characters.` },
});

/** The shipping or billing tab (signed-in sections 2, 5 and 8). */
export function AddressTab({ kind, user, token }: { kind: 'shipping' | 'billing'; user: AccountUser; token: string }) {
  const reference = useReferenceQuery().data;
  const [save, { isLoading }] = useSaveAddressMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const saved = kind === 'shipping' ? user.custshiptoaddress : user.custbilltoaddress;
  const { register, handleSubmit, reset, formState } = useForm<AccountAddress>({
    defaultValues: saved ?? EMPTY,
    mode: 'onTouched',
  });
  const { errors } = formState;
  const title = kind === 'shipping' ? 'Shipping address' : 'Billing address';
  const native = { select: { native: true }, inputLabel: { shrink: true } };
  const stateOptions = (reference?.states ?? []).map((state) => ({ value: state.key, label: state.value }));
  const countryOptions = countries(reference).map((country) => ({ value: country.code, label: country.name }));

  const select = (name: 'STATE' | 'COUNTRY', label: string, choices: { value: string; label: string }[]) => (
    <TextField
      select
      label={label}
      required
      error={!!errors[name]}
      helperText={errors[name]?.message}
      slotProps={native}
      {...muiField(register(name, required(label)))}
    >
      <option value="" />
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );

  const onSubmit = async (form: AccountAddress) => {
    setOutcome(null);
    const body = {
      ADDRESS: form.ADDRESS.trim(),
      ADDRESS2: form.ADDRESS2.trim(),
      CITY: form.CITY.trim(),
      STATE: form.STATE,
      ZIP: form.ZIP.trim(),
      COUNTRY: form.COUNTRY,
    };
    try {
      const answer = await save({ token, kind, body }).unwrap();
      const now = kind === 'shipping' ? answer.data.custshiptoaddress : answer.data.custbilltoaddress;
      reset(now ?? body);
      setOutcome({ kind: 'success' });
    } catch (error) {
      setOutcome(failureOf(error));
    }
  };

  return (
    <Stack spacing={2}>
      <SaveOutcomeBanner outcome={outcome} />
      <Box
        component="form"
        aria-label={title}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}
      >
        <TextField
          label="Address"
          required
          autoComplete={`${kind} address-line1`}
          error={!!errors.ADDRESS}
          helperText={errors.ADDRESS?.message}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: ADDRESS_MAX } }}
          {...muiField(register('ADDRESS', { ...required('Address'), ...max('Address') }))}
        />
        <TextField
          label="Address 2"
          autoComplete={`${kind} address-line2`}
          error={!!errors.ADDRESS2}
          helperText={errors.ADDRESS2?.message}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: ADDRESS_MAX } }}
          {...muiField(register('ADDRESS2', max('Address 2')))}
        />
        <TextField
          label="City"
          required
          autoComplete={`${kind} address-level2`}
          error={!!errors.CITY}
          helperText={errors.CITY?.message}
          {...muiField(register('CITY', required('City')))}
        />
        {select('STATE', 'State', stateOptions)}
        <TextField
          label="Zip Code"
          required
          autoComplete={`${kind} postal-code`}
          error={!!errors.ZIP}
          helperText={errors.ZIP?.message}
          {...muiField(register('ZIP', required('Zip Code')))}
        />
        {select('COUNTRY', 'Country', countryOptions)}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <SubmitButton busy={isLoading}>Save</SubmitButton>
        </Box>
      </Box>
    </Stack>
  );
}
