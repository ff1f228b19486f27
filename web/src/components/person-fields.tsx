import TextField from '@mui/material/TextField';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { SPECIALTIES, STATUSES, SUFFIXES } from '@contracts/identity';
import { messageOf, muiField } from '@/lib/form';
import { PASSWORD_HINT, PASSWORD_RULES, PERSON_RULES, type PasswordKind, type PersonValues } from '@/lib/person';
import { PasswordField } from './password-field';

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } };

const options = (values: readonly string[]) => [
  <option key="" value="" />,
  ...values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  )),
];

/**
 * First Name, Last Name, Suffix, Specialty, Status, Phone, Email and the password: the registration form
 * (`password="new"`: required) and the account's profile tab (`password="change"`: New Password, empty
 * keeps the current one), with the rules of lib/person.ts. Each field is a direct child, so the form's
 * grid lays them out.
 */
export function PersonFields<T extends PersonValues & FieldValues>({
  register,
  errors,
  password,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  password: PasswordKind;
}) {
  // The form holds every field of PersonValues (T extends it), so each name is one of T's paths.
  const field = (name: keyof typeof PERSON_RULES) => register(name as Path<T>, PERSON_RULES[name]);
  const message = (name: keyof PersonValues) => messageOf(errors[name] as { message?: unknown } | undefined);
  const shown = (name: keyof PersonValues) => ({
    error: message(name) !== undefined,
    helperText: message(name) ?? ' ',
  });
  const passwordMessage = message('password');
  return (
    <>
      <TextField
        label="First Name"
        required
        autoComplete="given-name"
        {...shown('firstname')}
        {...muiField(field('firstname'))}
      />
      <TextField
        label="Last Name"
        required
        autoComplete="family-name"
        {...shown('lastname')}
        {...muiField(field('lastname'))}
      />
      <TextField select label="Suffix" slotProps={nativeSelect} {...muiField(field('suffix'))}>
        {options(SUFFIXES)}
      </TextField>
      <TextField
        select
        label="Specialty"
        required
        {...shown('specialty')}
        slotProps={nativeSelect}
        {...muiField(field('specialty'))}
      >
        {options(SPECIALTIES)}
      </TextField>
      <TextField select label="Status" slotProps={nativeSelect} {...muiField(field('status'))}>
        {options(STATUSES)}
      </TextField>
      <TextField label="Phone" type="tel" autoComplete="tel" {...shown('phone')} {...muiField(field('phone'))} />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="email"
        {...shown('email')}
        {...muiField(field('email'))}
      />
      {password === 'new' ? (
        <PasswordField
          label="Password"
          required
          autoComplete="new-password"
          error={passwordMessage !== undefined}
          helperText={passwordMessage ?? ' '}
          slotProps={{ htmlInput: { title: PASSWORD_HINT } }}
          {...muiField(register('password' as Path<T>, PASSWORD_RULES.new))}
        />
      ) : (
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          error={passwordMessage !== undefined}
          helperText={passwordMessage ?? 'Leave empty to keep your password.'}
          {...muiField(register('password' as Path<T>, PASSWORD_RULES.change))}
        />
      )}
    </>
  );
}
