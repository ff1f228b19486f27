import { ACCOUNT_SAVED } from '@contracts/account';
import { FormOutcomeBanner, formFailure, type FormOutcome } from '@/components/form-outcome';

/** What the last save of a tab answered (signed-in sections 4 and 8): the shared form outcome. */
export type SaveOutcome = FormOutcome;

export const SAVE_FAILED = 'Your info could not be saved. Please try again.';

/** A failed save: 409 is the duplicate email of the profile; otherwise the server's messages. */
export const failureOf = (error: unknown): SaveOutcome => formFailure(error, SAVE_FAILED);

/** The success or failure banner of a tab's form. */
export function SaveOutcomeBanner({ outcome }: { outcome: SaveOutcome }) {
  return <FormOutcomeBanner outcome={outcome} success={ACCOUNT_SAVED} />;
}
