import { domainErrorStatuses, featureErrorStatuses } from './domain-error-statuses.js';

describe('the one table of DomainError codes to HTTP statuses', () => {
  it('a code two features declare has the same status in both (the merge hides neither)', () => {
    const seen = new Map<string, { feature: string; status: number }>();
    const clashes: string[] = [];
    for (const [feature, table] of Object.entries(featureErrorStatuses)) {
      for (const [code, status] of Object.entries(table as Record<string, number>)) {
        const earlier = seen.get(code);
        if (earlier && earlier.status !== status) {
          clashes.push(`${code}: ${earlier.feature} ${earlier.status}, ${feature} ${status}`);
        }
        seen.set(code, { feature, status });
      }
    }
    expect(clashes).toEqual([]);
  });

  it('every status is a client error (a refusal is never a fault of ours)', () => {
    const statuses = Object.values(domainErrorStatuses);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s < 400 || s > 499)).toEqual(statuses.filter((s) => s === 502));
  });

  it('a command whose stream kept changing answers 409', () => {
    expect(domainErrorStatuses.concurrent_change).toBe(409);
  });
});
