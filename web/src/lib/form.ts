import type { UseFormRegisterReturn } from 'react-hook-form';

/** Adapts react-hook-form's register() to MUI inputs, whose DOM input is reached through inputRef. */
export function muiField<T extends string>(registration: UseFormRegisterReturn<T>) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}
