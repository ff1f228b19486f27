/**
 * The one source of "now" on the server. Nest injects it by this class (InfrastructureModule provides
 * SystemClock); processes without Nest pass one in. Tests move time with
 * `jest.spyOn(app.get(Clock), 'now')` or hand a `FixedClock` to the code they call.
 */
export abstract class Clock {
  abstract now(): Date;
}

/** The machine's time. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stands still until told otherwise (tests, the demo seed's fixed dates). */
export class FixedClock extends Clock {
  constructor(private time: Date) {
    super();
  }

  now(): Date {
    return new Date(this.time.getTime());
  }

  set(time: Date): void {
    this.time = time;
  }
}

/** Today as the shop's rules read it: YYYY-MM-DD (UTC). */
export const dayOf = (time: Date): string => time.toISOString().slice(0, 10);
