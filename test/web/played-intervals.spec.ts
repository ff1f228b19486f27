import { merged, PlayedIntervals } from '../../web/src/features/streaming/components/player/played-intervals.js';

/**
 * The intervals a heartbeat reports (issue 22, true watch evidence): built from the player's time updates
 * while it plays, never from a position alone; a seek or a jump is not watching.
 */
describe('played intervals', () => {
  /** Time updates every 250 ms of wall clock from `from` to `to` seconds of media at `rate`, starting at `at` ms. */
  const play = (played: PlayedIntervals, from: number, to: number, rate = 1, at = 0): number => {
    let now = at;
    for (let time = from; time <= to + 1e-9; time += 0.25 * rate) {
      played.played(time, rate, now);
      now += 250;
    }
    return now;
  };

  it('merges overlapping and touching intervals, in order', () => {
    expect(
      merged([
        [10, 20],
        [0, 5],
        [5, 8],
        [15, 25],
      ]),
    ).toEqual([
      [0, 8],
      [10, 25],
    ]);
  });

  it('playing on grows one interval; what is taken starts the next heartbeat from where it stopped', () => {
    const played = new PlayedIntervals(200);
    const now = play(played, 0, 10);
    expect(played.take()).toEqual([[0, 10]]);
    play(played, 10.25, 12, 1, now);
    expect(played.take()).toEqual([[10, 12]]);
    expect(played.take()).toEqual([]);
  });

  it('a seek is not watching: playing on after it is a new interval', () => {
    const played = new PlayedIntervals(200);
    const now = play(played, 0, 4);
    // The next time update is 20 s further after a quarter of a second: a jump.
    play(played, 24, 30, 1, now);
    expect(played.take()).toEqual([
      [0, 4],
      [24, 30],
    ]);
  });

  it('at speed 2 a step covers twice the wall clock; faster than the speed allows is a jump', () => {
    const fast = new PlayedIntervals(200);
    play(fast, 0, 10, 2);
    expect(fast.take()).toEqual([[0, 10]]);
    // Time updates claiming 3 s of media per 250 ms at speed 1: nothing between them counts.
    const forged = new PlayedIntervals(200);
    for (let i = 0; i <= 10; i++) forged.played(i * 3, 1, i * 250);
    expect(forged.take()).toEqual([]);
  });

  it('a pause closes the interval; playing the same seconds again counts them once', () => {
    const played = new PlayedIntervals(200);
    const now = play(played, 0, 5);
    played.close();
    play(played, 2, 6, 1, now + 5_000);
    expect(played.take()).toEqual([[0, 6]]);
  });

  it('a heartbeat that did not arrive gives its intervals to the next one', () => {
    const played = new PlayedIntervals(200);
    const now = play(played, 0, 3);
    const lost = played.take();
    played.giveBack(lost);
    play(played, 40, 42, 1, now + 10_000);
    expect(played.take()).toEqual([
      [0, 3],
      [40, 42],
    ]);
  });

  it('carries at most `max` intervals; the rest waits for the next heartbeat', () => {
    const played = new PlayedIntervals(2);
    let now = 0;
    for (const start of [0, 10, 20]) {
      now = play(played, start, start + 1, 1, now + 1_000);
      played.close();
    }
    expect(played.take()).toEqual([
      [0, 1],
      [10, 11],
    ]);
    expect(played.take()).toEqual([[20, 21]]);
  });

  it('a new viewing starts from nothing', () => {
    const played = new PlayedIntervals(200);
    play(played, 0, 3);
    played.reset();
    expect(played.take()).toEqual([]);
  });
});
