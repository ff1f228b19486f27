import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ACCOUNT_SAVED } from '@contracts/account';
import { FormOutcomeBanner, formFailure, type FormOutcome } from '@/components/form-outcome';
import { SubmitButton } from '@/components/submit-button';

/** What the last save of a tab answered (signed-in sections 4 and 8): the shared form outcome. */
export type SaveOutcome = FormOutcome;

export const SAVE_FAILED = 'Your info could not be saved. Please try again.';

/** A failed save: 409 is the duplicate email of the profile; otherwise the server's messages. */
export const failureOf = (error: unknown): SaveOutcome => formFailure(error, SAVE_FAILED);

/**
 * The success or failure banner of a tab's form, placed next to its Save button and scrolled into view
 * when it changes: after Save at the bottom of the form the answer shows where the user is looking.
 */
export function SaveOutcomeBanner({ outcome, children }: { outcome: SaveOutcome; children?: ReactNode }) {
  return (
    <FormOutcomeBanner outcome={outcome} success={ACCOUNT_SAVED}>
      {children}
    </FormOutcomeBanner>
  );
}

/** Which field a server message is about, by the label it starts with (the longest label first). */
export type MessageFields<T extends FieldValues> = readonly (readonly [label: string, field: Path<T>])[];

/**
 * Marks the fields the server's messages name as invalid, each with its message, and moves focus to
 * the first of them in the form's order (`fields` lists them in that order). False when none is named.
 */
export function markServerErrors<T extends FieldValues>(
  messages: readonly string[],
  fields: MessageFields<T>,
  setError: UseFormSetError<T>,
): boolean {
  const named = new Map<Path<T>, string>();
  for (const message of messages) {
    const match = [...fields]
      .sort((a, b) => b[0].length - a[0].length)
      .find(([label]) => message.startsWith(`${label} `));
    if (match && !named.has(match[1])) named.set(match[1], message);
  }
  const first = fields.find(([, field]) => named.has(field))?.[1];
  for (const [field, message] of named) {
    setError(field, { type: 'server', message }, { shouldFocus: field === first });
  }
  return first !== undefined;
}

/** A tab's Save: the shared submit button, at least 44 px high (a tap target on a phone). */
export function SaveButton({ busy }: { busy: boolean }) {
  return (
    <Box>
      <SubmitButton busy={busy}>Save</SubmitButton>
    </Box>
  );
}
