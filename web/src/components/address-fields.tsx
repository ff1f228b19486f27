import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { ReferenceData } from '@contracts/catalog';
import { messageOf, muiField, required } from '@/lib/form';

export const ADDRESS_MAX = 59;

/** Countries with the checkout common group first (signed-in section 3). */
export function checkoutCountries(reference: ReferenceData | undefined) {
  if (!reference) return [];
  const common = reference.checkoutCommonCountries
    .map((code) => reference.countries.find((country) => country.code === code))
    .filter((country) => country !== undefined);
  const rest = reference.countries.filter((country) => !reference.checkoutCommonCountries.includes(country.code));
  return [...common, ...rest];
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } };

/**
 * ADDRESS, ADDRESS2, CITY, STATE, ZIP, COUNTRY under a prefix ('' or 'billing.'): checkout's shipping and
 * billing blocks and the account's shipping and billing tabs (signed-in sections 3, 5 and 8). The fields
 * mount once the state and country lists are there: a native select whose value arrives before its
 * options would show blank while the form holds the value.
 */
export function AddressFields<T extends FieldValues>({
  prefix,
  register,
  errors,
  reference,
  labelPrefix = '',
  section,
}: {
  prefix: '' | 'billing.';
  register: UseFormRegister<T>;
  errors: FieldErrors;
  reference: ReferenceData | undefined;
  labelPrefix?: string;
  /** The autocomplete section (`shipping` or `billing`), so the browser fills the right address. */
  section?: 'shipping' | 'billing';
}) {
  if (!reference) return <LinearProgress aria-label="Loading address lists" />;
  const name = (field: string) => `${prefix}${field}` as Path<T>;
  const scope = (prefix ? (errors.billing as FieldErrors | undefined) : errors) ?? {};
  const message = (field: string) => messageOf(scope[field] as { message?: unknown } | undefined);
  const autoComplete = (token: string) => (section ? `${section} ${token}` : token);
  const text = (field: string, label: string, options: object, extra: object = {}) => (
    <TextField
      fullWidth
      label={`${labelPrefix}${label}`}
      error={message(field) !== undefined}
      helperText={message(field)}
      {...extra}
      {...muiField(register(name(field), { ...options, shouldUnregister: prefix !== '' }))}
    />
  );
  const max = (label: string) => ({
    maxLength: { value: ADDRESS_MAX, message: `${label} must be at most ${ADDRESS_MAX} characters.` },
  });
  const line = (token: string) => ({
    autoComplete: autoComplete(token),
    slotProps: { htmlInput: { maxLength: ADDRESS_MAX } },
  });
  const select = (choices: { value: string; label: string }[]) => ({
    required: true,
    select: true,
    slotProps: nativeSelect,
    children: [
      <option key="" value="" />,
      ...choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      )),
    ],
  });
  const states = reference.states.map((state) => ({ value: state.key, label: state.value }));
  const countries = checkoutCountries(reference).map((country) => ({ value: country.code, label: country.name }));

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12 }}>
        {text(
          'ADDRESS',
          'Address',
          { required: required('Address'), ...max('Address') },
          { required: true, ...line('address-line1') },
        )}
      </Grid>
      <Grid size={{ xs: 12 }}>{text('ADDRESS2', 'Address 2', max('Address 2'), line('address-line2'))}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {text(
          'CITY',
          'City',
          { required: required('City') },
          { required: true, autoComplete: autoComplete('address-level2') },
        )}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{text('STATE', 'State', { required: required('State') }, select(states))}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {text(
          'ZIP',
          'Zip Code',
          { required: required('Zip Code') },
          { required: true, autoComplete: autoComplete('postal-code') },
        )}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {text('COUNTRY', 'Country', { required: required('Country') }, select(countries))}
      </Grid>
    </Grid>
  );
}
