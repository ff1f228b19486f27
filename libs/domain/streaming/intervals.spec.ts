import { intersect, measure, measureWithin, merge, union } from './intervals.js';

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
});
