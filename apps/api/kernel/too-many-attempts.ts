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
 * Takes one attempt of each key in order (rate-limiter-flexible consumptions, e.g. the address, then
 * the account) and stops at the first key that is used up: it throws TooManyAttempts with that key's
 * wait, and the keys after it are not spent. So a request refused by the address never uses one of the
 * account's attempts, and of requests sent at once, exactly the fewer of the keys' remaining attempts
 * pass (taken side by side, the two counters could order the requests differently and let fewer pass).
 * Other failures (the store) are thrown as they are.
 */
export async function takeAttempt(refusal: string, consumptions: (() => Promise<unknown>)[]): Promise<void> {
  for (const consume of consumptions) {
    try {
      await consume();
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new TooManyAttempts(refusal, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    }
  }
}
