import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { ReferenceData } from '@contracts/catalog';
import { muiField } from '@/lib/form';

export const required = (label: string) => ({ value: true, message: `${label} is required.` });
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

/** ADDRESS, ADDRESS2, CITY, STATE, ZIP, COUNTRY under a prefix ('' or 'billing.'). */
export function AddressFields<T extends FieldValues>({
  prefix,
  register,
  errors,
  reference,
  labelPrefix = '',
}: {
  prefix: '' | 'billing.';
  register: UseFormRegister<T>;
  errors: FieldErrors;
  reference: ReferenceData | undefined;
  labelPrefix?: string;
}) {
  const name = (field: string) => `${prefix}${field}` as Path<T>;
  const scope = (prefix ? (errors.billing as FieldErrors | undefined) : errors) ?? {};
  const message = (field: string): string | undefined => {
    const error = scope[field] as { message?: unknown } | undefined;
    return typeof error?.message === 'string' ? error.message : undefined;
  };
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
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12 }}>
        {text(
          'ADDRESS',
          'Address',
          {
            required: required('Address'),
            maxLength: { value: ADDRESS_MAX, message: `Address must be at most ${ADDRESS_MAX} characters.` },
          },
          { required: true },
        )}
      </Grid>
      <Grid size={{ xs: 12 }}>
        {text('ADDRESS2', 'Address 2', {
          maxLength: { value: ADDRESS_MAX, message: `Address 2 must be at most ${ADDRESS_MAX} characters.` },
        })}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{text('CITY', 'City', { required: required('City') }, { required: true })}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {text(
          'STATE',
          'State',
          { required: required('State') },
          {
            required: true,
            select: true,
            slotProps: { select: { native: true }, inputLabel: { shrink: true } },
            children: [
              <option key="" value="" />,
              ...(reference?.states ?? []).map((state) => (
                <option key={state.key} value={state.key}>
                  {state.value}
                </option>
              )),
            ],
          },
        )}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {text('ZIP', 'Zip Code', { required: required('Zip Code') }, { required: true })}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {text(
          'COUNTRY',
          'Country',
          { required: required('Country') },
          {
            required: true,
            select: true,
            slotProps: { select: { native: true }, inputLabel: { shrink: true } },
            children: [
              <option key="" value="" />,
              ...checkoutCountries(reference).map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              )),
            ],
          },
        )}
      </Grid>
    </Grid>
  );
}

/** The "different billing address" block of checkout (signed-in sections 2 and 4), the same on both steps. */
export function BillingAddressSection<T extends FieldValues>({
  register,
  errors,
  reference,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors;
  reference: ReferenceData | undefined;
}) {
  return (
    <section aria-labelledby="billing-heading">
      <Typography id="billing-heading" variant="h6" component="h2" gutterBottom>
        Billing address
      </Typography>
      <AddressFields
        prefix="billing."
        register={register}
        errors={errors}
        reference={reference}
        labelPrefix="Billing "
      />
    </section>
  );
}
