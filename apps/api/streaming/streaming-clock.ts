import { Injectable } from '@nestjs/common';

/**
 * The clock of streaming (watch tracking's 600 s rule, media URL expiry). One injectable so that tests
 * can move time (`jest.spyOn(app.get(StreamingClock), 'now')`) without waiting.
 */
@Injectable()
export class StreamingClock {
  now(): Date {
    return new Date();
  }
}
