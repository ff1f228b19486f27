/**
 * Interval arithmetic of watch evidence: a set of seconds of a video as sorted, disjoint half-open
 * intervals `[from, to)` (from < to). Reported intervals, the media served to a viewing and what was
 * watched are all such sets; overlaps count once because every operation answers a merged set.
 */
export type Interval = readonly [from: number, to: number];
export type IntervalSet = readonly Interval[];

/** The intervals merged: sorted, overlapping or touching ones joined, empty ones dropped. */
export function merge(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([from, to]) => to > from).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Every second in a or in b. */
export function union(a: IntervalSet, b: IntervalSet): Interval[] {
  return merge([...a, ...b]);
}

/** The seconds in both a and b (each merged first). */
export function intersect(a: IntervalSet, b: IntervalSet): Interval[] {
  const x = merge(a);
  const y = merge(b);
  const both: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const [af, at] = x[i]!;
    const [bf, bt] = y[j]!;
    const from = Math.max(af, bf);
    const to = Math.min(at, bt);
    if (to > from) both.push([from, to]);
    if (at < bt) i++;
    else j++;
  }
  return both;
}

/** The seconds in a that are not in b. */
export function subtract(a: IntervalSet, b: IntervalSet): Interval[] {
  const rest: Interval[] = [];
  const y = merge(b);
  for (const [from, to] of merge(a)) {
    let start = from;
    for (const [bf, bt] of y) {
      if (bt <= start || bf >= to) continue;
      if (bf > start) rest.push([start, bf]);
      start = Math.max(start, bt);
      if (start >= to) break;
    }
    if (start < to) rest.push([start, to]);
  }
  return rest;
}

/** How many seconds the set covers (overlaps once). */
export function measure(intervals: IntervalSet): number {
  return merge(intervals).reduce((sum, [from, to]) => sum + (to - from), 0);
}

/** The seconds of the set inside [from, to). */
export function measureWithin(intervals: IntervalSet, from: number, to: number): number {
  return measure(intersect(intervals, [[from, to]]));
}
