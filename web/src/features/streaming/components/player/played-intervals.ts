export type Interval = [number, number];

/**
 * Slack on the media time a step may cover beyond the wall-clock time since the last update times the
 * speed (time updates come about every 250 ms; their timing jitters). A longer step is a seek or a jump,
 * and nothing between the two times was watched.
 */
const STEP_SLACK_SECONDS = 0.5;

/** Milliseconds of media kept: the server measures seconds, so finer digits only lengthen the body. */
const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** Overlapping or touching intervals merged, in order. */
export function merged(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [from, to] of sorted) {
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/**
 * The media intervals actually played since the last heartbeat, built from the player's time updates
 * while it plays (never from the position alone: a seek to the end plays nothing). `take()` hands them
 * to a heartbeat; `giveBack()` keeps them for the next one when the heartbeat did not arrive.
 */
export class PlayedIntervals {
  /** `max`: the most intervals one heartbeat carries (MAX_HEARTBEAT_INTERVALS). */
  constructor(private readonly max: number) {}

  private done: Interval[] = [];
  /** The interval being played: from, and the last time update's time. */
  private open: Interval | null = null;
  /** When (ms, a monotonic clock) the last time update came. */
  private at = 0;

  /** A time update while playing, at `now` ms of a monotonic clock, playing at `rate`. */
  played(time: number, rate: number, now: number): void {
    if (!Number.isFinite(time) || time < 0) return;
    const open = this.open;
    const allowed = ((now - this.at) / 1000) * Math.max(rate, 0) + STEP_SLACK_SECONDS;
    this.at = now;
    if (open && time >= open[1] && time - open[1] <= allowed) {
      open[1] = time;
      return;
    }
    this.close();
    this.open = [time, time];
  }

  /** Playing stopped (pause, seek, end, a stall): the next time update starts a new interval. */
  close(): void {
    if (this.open && this.open[1] > this.open[0]) this.done.push(this.open);
    this.open = null;
  }

  /** Everything played until now, merged, at most `max` of them (the rest waits for the next heartbeat). */
  take(): Interval[] {
    const open = this.open;
    if (open && open[1] > open[0]) {
      this.done.push([open[0], open[1]]);
      // Playing goes on from where this heartbeat stopped.
      this.open = [open[1], open[1]];
    }
    const all = merged(this.done).map(([from, to]): Interval => [round(from), round(to)]);
    this.done = all.slice(this.max);
    return all.slice(0, this.max);
  }

  /** A heartbeat that did not arrive: its intervals go with the next one. */
  giveBack(intervals: readonly Interval[]): void {
    this.done.push(...intervals.map(([from, to]): Interval => [from, to]));
  }

  /** A new viewing starts counting from nothing. */
  reset(): void {
    this.done = [];
    this.open = null;
  }
}
