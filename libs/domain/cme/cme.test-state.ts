import { CME_CREDIT_PER_ANSWER, CME_TEST_MAX_CREDITS, type CmeTestState } from '#libs/contracts/cme.js';

/** The most a product's test gives: its CREDITS, never more than four questions at 0.5. */
export const testCredits = (productCredits: number): number => Math.min(productCredits, CME_TEST_MAX_CREDITS);

/**
 * Where a test stands this year (the CME center's list): not taken without a record; taken when its
 * last submit earned all the test can give (before the yearly cap: a retake could not add any); retake
 * available otherwise (credits left to earn; when the retake opens is the retake policy's, cme.retake.ts,
 * which the test page shows).
 */
export function cmeTestState(record: { correct: number } | null, productCredits: number): CmeTestState {
  if (record === null) return 'not_taken';
  const earned = Math.min(record.correct * CME_CREDIT_PER_ANSWER, testCredits(productCredits));
  return earned >= testCredits(productCredits) ? 'taken' : 'retake_available';
}
