import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { cardNumberDigits, groupedCardNumber } from '@contracts/cart';
import { messageOf, muiField, required } from '@/lib/form';

export const CARD_YEARS = Array.from({ length: 11 }, (_, index) => String(2025 + index));
export const CARD_MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));
export const CARD_NUMBER_MAX = 16;
/** A number of CARD_NUMBER_MAX digits with a space or a dash between each (a generous paste). */
const CARD_NUMBER_TYPED_MAX = 2 * CARD_NUMBER_MAX;
export const SECURITY_CODE_MAX = 4;

/**
 * Card Number, Card Month, Card Year and Security Code (signed-in sections 3, 5 and 8), named CC, MONTH,
 * YEAR and SC at the form's root: the pay screen's card form and the account's Card section. The values
 * live only in the form; they are sent to the server, never stored in the browser.
 */
export function CardFields<T extends FieldValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors;
}) {
  const message = (name: string) => messageOf(errors[name] as { message?: unknown } | undefined);
  const field = (name: 'CC' | 'MONTH' | 'YEAR' | 'SC') => name as Path<T>;
  // What a person pastes ("4242 4242 4242 4242", "4242-4242-...") is the number: the form holds its
  // digits, and the field shows them grouped once the person leaves it.
  const cardNumber = register(field('CC'), {
    setValueAs: (value: string) => cardNumberDigits(value),
    required: required('Card Number'),
    maxLength: { value: CARD_NUMBER_MAX, message: `Card Number must be at most ${CARD_NUMBER_MAX} digits.` },
    pattern: { value: /^\d+$/, message: 'Card Number must be digits only.' },
  });
  const select = (name: 'MONTH' | 'YEAR', label: string, values: readonly string[], autoComplete: string) => (
    <TextField
      fullWidth
      required
      select
      label={label}
      autoComplete={autoComplete}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      error={message(name) !== undefined}
      helperText={message(name)}
      {...muiField(register(field(name), { required: required(label) }))}
    >
      <option value="" />
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </TextField>
  );

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12 }}>
        <TextField
          fullWidth
          required
          label="Card Number"
          autoComplete="cc-number"
          // Room for a pasted number's spaces or dashes: the rules below count its digits.
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CARD_NUMBER_TYPED_MAX } }}
          error={message('CC') !== undefined}
          helperText={message('CC')}
          {...muiField(cardNumber)}
          onBlur={(event) => {
            void cardNumber.onBlur(event);
            const digits = cardNumberDigits(event.target.value);
            if (/^\d+$/.test(digits)) event.target.value = groupedCardNumber(digits);
          }}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>{select('MONTH', 'Card Month', CARD_MONTHS, 'cc-exp-month')}</Grid>
      <Grid size={{ xs: 6, sm: 4 }}>{select('YEAR', 'Card Year', CARD_YEARS, 'cc-exp-year')}</Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <TextField
          fullWidth
          required
          label="Security Code"
          autoComplete="cc-csc"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: SECURITY_CODE_MAX } }}
          error={message('SC') !== undefined}
          helperText={message('SC')}
          {...muiField(
            register(field('SC'), {
              required: required('Security Code'),
              maxLength: {
                value: SECURITY_CODE_MAX,
                message: `Security Code must be at most ${SECURITY_CODE_MAX} digits.`,
              },
            }),
          )}
        />
      </Grid>
    </Grid>
  );
}
