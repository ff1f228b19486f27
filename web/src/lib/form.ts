import type { UseFormRegisterReturn } from 'react-hook-form';

/** Adapts react-hook-form's register() to MUI inputs, whose DOM input is reached through inputRef. */
export function muiField<T extends string>(registration: UseFormRegisterReturn<T>) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}

/** The "{Field} is required." rule of signed-in section 8. */
export const required = (label: string) => ({ value: true, message: `${label} is required.` });

/** The banner of a form submitted with a required field empty (signed-in section 8). */
export const REQUIRED_BANNER = 'Please fill in all "required" fields denoted by an "*".';

/** The message of a field error, when it carries one. */
export const messageOf = (error: { message?: unknown } | undefined): string | undefined =>
  typeof error?.message === 'string' ? error.message : undefined;

/** Date of birth as MM/DD/YYYY (signed-in section 5), with its two messages (section 8). */
export const DOB_PATTERN = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;
export const DOB_REQUIRED = 'Date of Birth is required.';
export const DOB_FORMAT = 'Date of Birth must be in the format of MM/DD/YYYY.';
