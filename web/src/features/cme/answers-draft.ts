import type { CmeTestType } from '@contracts/cme';

/**
 * The answers of an open test, kept in sessionStorage so a reload (or a phone dropping the tab) does
 * not lose them: keyed by user and test, so another account on the same browser never sees them;
 * cleared once the test is submitted. Storage may be unavailable or full: then nothing is kept.
 */
export type Answers = (number | null)[];

export const draftKey = (customerId: string, type: CmeTestType, id: number): string =>
  `cme-answers:${customerId}:${type}:${id}`;

export function readDraft(key: string, questions: number): Answers | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    const valid =
      Array.isArray(parsed) &&
      parsed.length === questions &&
      parsed.every((a) => a === null || (Number.isInteger(a) && (a as number) >= 0));
    return valid ? (parsed as Answers) : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, answers: Answers): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(answers));
  } catch {
    // Private mode or a full storage: the answers live on in the page only.
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
