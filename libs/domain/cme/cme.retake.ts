import { CME_RETAKE_COOLDOWN_HOURS, cmeRetakeClosedMessage, cmeRetakeTimeUtc } from '#libs/contracts/cme.js';
import { DomainError } from '../kernel/decider.js';

/**
 * The retake policy (docs/decisions.md, "A retake policy an accreditor accepts"): a test already taken
 * this year opens again CME_RETAKE_COOLDOWN_HOURS after its last submit, rounded up to the whole minute
 * (the time the refusal names is the time it opens), or at once when a long view of the product's video
 * was recorded after that submit. Guessing the key by resubmitting costs a day per try; watching the
 * video again is the way back in sooner. Pure: the times come in as ISO 8601 strings.
 */
const COOLDOWN_MS = CME_RETAKE_COOLDOWN_HOURS * 3_600_000;
const MINUTE_MS = 60_000;

export interface RetakeFacts {
  /** The record's last submit this year; null: not taken this year (a first submit is always open). */
  lastSubmitAt: string | null;
  /** The customer's latest long view of one of the product's videos; null: none. */
  lastLongViewAt: string | null;
}

/** When the cooldown of a submit at `submittedAt` ends (what a save answers as RETAKE_OPENS_AT). */
export const cooldownEnd = (submittedAt: string): string =>
  new Date(Math.ceil((Date.parse(submittedAt) + COOLDOWN_MS) / MINUTE_MS) * MINUTE_MS).toISOString();

/** When the next submit opens: null when it is open at `now`. */
export function retakeOpensAt({ lastSubmitAt, lastLongViewAt }: RetakeFacts, now: string): string | null {
  if (lastSubmitAt === null) return null;
  if (lastLongViewAt !== null && Date.parse(lastLongViewAt) > Date.parse(lastSubmitAt)) return null;
  const opens = cooldownEnd(lastSubmitAt);
  return Date.parse(now) >= Date.parse(opens) ? null : opens;
}

/**
 * Refuses a submit in the cooldown: CME_RETAKE_COOLDOWN (409), its message naming when the test opens
 * (UTC: the server does not know the reader's time zone) and, for a product with videos, the other way in.
 */
export function refuseRetakeInCooldown(facts: RetakeFacts, command: { now: string; retakeByViewing: boolean }): void {
  const opensAt = retakeOpensAt(facts, command.now);
  if (opensAt === null) return;
  throw new DomainError(
    'CME_RETAKE_COOLDOWN',
    cmeRetakeClosedMessage(cmeRetakeTimeUtc(opensAt), command.retakeByViewing),
  );
}
