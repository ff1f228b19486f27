import { HttpException, HttpStatus } from '@nestjs/common';
import { RateLimiterRes } from 'rate-limiter-flexible';

/**
 * The one refusal of a throttle (login, forgot password, current password, book codes, card attempts):
 * 429 with its message; the error filter sends `retryAfterSeconds` as the Retry-After header.
 */
export class TooManyAttempts extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message: [message] }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Runs the consumptions of one attempt (rate-limiter-flexible, one per key) and throws TooManyAttempts
 * with the longest wait when any key is used up; other failures (the store) are thrown as they are.
 */
export async function takeAttempt(refusal: string, consumptions: Promise<unknown>[]): Promise<void> {
  const taken = await Promise.allSettled(consumptions);
  let waitMs = 0;
  for (const result of taken) {
    if (result.status === 'fulfilled') continue;
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    waitMs = Math.max(waitMs, result.reason.msBeforeNext);
  }
  if (waitMs > 0) throw new TooManyAttempts(refusal, Math.max(1, Math.ceil(waitMs / 1000)));
}
