/**
 * Fires `count` calls at once (none waits for another) and counts their HTTP statuses, for the rule
 * "any write, sent 30 times at once by one account, answers 200 or 409, never 500".
 */
export async function fireAtOnce(
  count: number,
  call: (n: number) => Promise<{ status: number }>,
): Promise<{ statuses: Record<number, number>; results: { status: number }[] }> {
  const results = await Promise.all(Array.from({ length: count }, (_, n) => call(n)));
  const statuses: Record<number, number> = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return { statuses, results };
}

/** The statuses outside `allowed` (e.g. [200, 409]): what a test expects to be empty. */
export function unexpectedStatuses(
  statuses: Record<number, number>,
  allowed: readonly number[],
): Record<number, number> {
  return Object.fromEntries(Object.entries(statuses).filter(([status]) => !allowed.includes(Number(status))));
}
