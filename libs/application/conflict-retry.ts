import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { WrongExpectedRevisionError } from '#libs/eventstore/event-store.port.js';

/**
 * The one retry policy of the write path: when a stream moved between reading and appending, reload,
 * decide again and append, a bounded number of times, after a random pause that grows with each
 * attempt (full jitter, so thirty requests of one account racing on one stream spread out instead of
 * colliding again). When it is exhausted the command answers 409 CONCURRENT_CHANGE, never 500.
 */
export interface ConflictRetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  /** The pause after attempt n is random in [0, min(maxDelayMs, baseDelayMs * 2^n)). */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const CONFLICT_RETRY: ConflictRetryPolicy = { attempts: 12, baseDelayMs: 5, maxDelayMs: 200 };

/** The code of the refusal a command answers when its stream kept changing under it. */
export const CONCURRENT_CHANGE_CODE = 'concurrent_change';

export const concurrentChange = (): DomainError => new DomainError(CONCURRENT_CHANGE_CODE, CONCURRENT_CHANGE);

/** The pause before attempt `attempt + 1` (ms). */
export function conflictDelay(
  attempt: number,
  policy: ConflictRetryPolicy,
  random: () => number = Math.random,
): number {
  return random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
}

/**
 * Runs `attempt` until it does not fail with a WrongExpectedRevisionError; each run must read the
 * stream afresh. Other errors (a DomainError of the decider) propagate at once.
 */
export async function retryOnConflict<T>(
  attempt: () => Promise<T>,
  policy: ConflictRetryPolicy = CONFLICT_RETRY,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (n >= policy.attempts) throw concurrentChange();
      await new Promise((resolve) => setTimeout(resolve, conflictDelay(n, policy)));
    }
  }
}
