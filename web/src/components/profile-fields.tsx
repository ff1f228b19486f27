import TextField from '@mui/material/TextField';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { PHONE_MAX_LENGTH, SUFFIXES } from '@contracts/identity';
import { messageOf, muiField, required } from '@/lib/form';

/** The form's own names of the profile fields (registration upper case, the account page lower case). */
export interface ProfileFieldNames<T extends FieldValues> {
  firstname: Path<T>;
  lastname: Path<T>;
  suffix: Path<T>;
  specialty: Path<T>;
  status: Path<T>;
  phone: Path<T>;
}

// A simple shape check; the server has the last word ("Email must be a valid email address.").
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
 * First Name, Last Name, Suffix, Specialty, Status and Phone (signed-in sections 3, 5 and 8): the
 * registration form and the account's profile tab. Each field is a direct child, so the form's grid
 * lays them out.
 */
export function ProfileFields<T extends FieldValues>({
  names,
  register,
  errors,
  specialties,
  statuses,
}: {
  names: ProfileFieldNames<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  specialties: readonly string[];
  statuses: readonly string[];
}) {
  const message = (name: Path<T>) => messageOf(errors[name] as { message?: unknown } | undefined);
  return (
    <>
      <TextField
        label="First Name"
        required
        autoComplete="given-name"
        error={message(names.firstname) !== undefined}
        helperText={message(names.firstname) ?? ' '}
        {...muiField(register(names.firstname, { required: required('First Name') }))}
      />
      <TextField
        label="Last Name"
        required
        autoComplete="family-name"
        error={message(names.lastname) !== undefined}
        helperText={message(names.lastname) ?? ' '}
        {...muiField(register(names.lastname, { required: required('Last Name') }))}
      />
      <TextField select label="Suffix" slotProps={nativeSelect} {...muiField(register(names.suffix))}>
        {options(SUFFIXES)}
      </TextField>
      <TextField
        select
        label="Specialty"
        required
        error={message(names.specialty) !== undefined}
        helperText={message(names.specialty) ?? ' '}
        slotProps={nativeSelect}
        {...muiField(register(names.specialty, { required: required('Specialty') }))}
      >
        {options(specialties)}
      </TextField>
      <TextField select label="Status" slotProps={nativeSelect} {...muiField(register(names.status))}>
        {options(statuses)}
      </TextField>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={message(names.phone) !== undefined}
        helperText={message(names.phone) ?? ' '}
        slotProps={{ htmlInput: { maxLength: PHONE_MAX_LENGTH } }}
        {...muiField(
          register(names.phone, {
            maxLength: { value: PHONE_MAX_LENGTH, message: `Phone must be at most ${PHONE_MAX_LENGTH} characters.` },
          }),
        )}
      />
    </>
  );
}

/** The Email field of registration and the profile tab: required, with a shape check. */
export function EmailField<T extends FieldValues>({
  name,
  register,
  errors,
}: {
  name: Path<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const message = messageOf(errors[name] as { message?: unknown } | undefined);
  return (
    <TextField
      label="Email"
      type="email"
      required
      autoComplete="email"
      error={message !== undefined}
      helperText={message ?? ' '}
      {...muiField(
        register(name, {
          required: required('Email'),
          pattern: { value: EMAIL_SHAPE, message: 'Email must be a valid email address.' },
        }),
      )}
    />
  );
}
