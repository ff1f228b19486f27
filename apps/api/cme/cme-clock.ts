import { Injectable } from '@nestjs/common';

/** The CME feature's clock: tests move it (`jest.spyOn(app.get(CmeClock), 'now')`) to test another year. */
@Injectable()
export class CmeClock {
  now(): Date {
    return new Date();
  }
}
