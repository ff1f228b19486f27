/**
 * The schedule's periods: SEAL_EVERY_HOURS-long slices of time counted from the Unix epoch (UTC), so
 * every node computes the same period for the same moment (24 hours: each UTC day). A scheduled seal
 * names its period; the decider records one per period, whatever the number of nodes.
 */
export function sealPeriod(now: string, everyHours: number): string {
  if (!(everyHours > 0)) throw new Error('A seal period is at least one hour');
  const length = everyHours * 3_600_000;
  return new Date(Math.floor(Date.parse(now) / length) * length).toISOString();
}
