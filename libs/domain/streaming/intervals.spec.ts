import { intersect, measure, measureWithin, merge, subtract, union } from './intervals.js';

describe('watch intervals', () => {
  it('merge sorts, joins overlapping and touching intervals, and drops empty ones', () => {
    expect(
      merge([
        [30, 40],
        [0, 10],
        [5, 12],
        [12, 15],
        [20, 20],
        [25, 22],
      ]),
    ).toEqual([
      [0, 15],
      [30, 40],
    ]);
    expect(merge([])).toEqual([]);
  });

  it('union counts a second claimed twice once', () => {
    const a = [[0, 60]] as const;
    const b = [
      [30, 90],
      [120, 130],
    ] as const;
    expect(union(a, b)).toEqual([
      [0, 90],
      [120, 130],
    ]);
    expect(measure(union(a, b))).toBe(100);
    expect(measure([...a, ...b])).toBe(100);
  });

  it('intersect keeps only the seconds in both sets', () => {
    const claims = [
      [0, 100],
      [200, 300],
    ] as const;
    const served = [
      [0, 8],
      [16, 24],
      [96, 204],
      [296, 400],
    ] as const;
    expect(intersect(claims, served)).toEqual([
      [0, 8],
      [16, 24],
      [96, 100],
      [200, 204],
      [296, 300],
    ]);
    expect(intersect(claims, [])).toEqual([]);
    expect(intersect([[0, 10]], [[10, 20]])).toEqual([]);
  });

  it('measureWithin counts the seconds of one chapter', () => {
    const watched = [
      [0, 30],
      [50, 70],
    ] as const;
    expect(measureWithin(watched, 20, 60)).toBe(20);
    expect(measureWithin(watched, 70, 90)).toBe(0);
  });

  it('subtracts a set: what a heartbeat added to what was watched', () => {
    expect(
      subtract(
        [
          [0, 60],
          [90, 120],
        ],
        [
          [0, 30],
          [100, 110],
        ],
      ),
    ).toEqual([
      [30, 60],
      [90, 100],
      [110, 120],
    ]);
    expect(subtract([[0, 60]], [[0, 60]])).toEqual([]);
    expect(subtract([[0, 60]], [])).toEqual([[0, 60]]);
    expect(union([[0, 30]], subtract([[0, 60]], [[0, 30]]))).toEqual([[0, 60]]);
  });
});
