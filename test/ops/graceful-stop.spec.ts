import pg from 'pg';
import { useCrashTest } from '../crash/crash-test.js';
import { eventually } from '../support/eventually.js';

/**
 * Issue 23, graceful shutdown of the built shop (`node dist/apps/api/main.js`, as a process manager
 * runs it): SIGTERM stops the taking of requests at once, lets the one in flight finish with its whole
 * answer, and the process exits 0.
 */
describe('Graceful shutdown on SIGTERM', () => {
  const crash = useCrashTest('graceful-stop');

  it('stops taking requests at once, finishes the one in flight and exits 0', async () => {
    const { shop, base } = await crash.start({ SEED_DEMO: 'false' });
    const locker = new pg.Client({ connectionString: crash.db.url });
    await locker.connect();
    try {
      // A request held in flight: the faculty list waits for the lock on its table.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE catalog_faculty IN ACCESS EXCLUSIVE MODE');
      const inFlight = fetch(`${base}/api/faculty`);
      await eventually(async () => {
        const { rows } = await locker.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'catalog_faculty'::regclass AND NOT granted`,
        );
        return rows[0]!.n > 0;
      });

      process.kill(shop.child.pid!, 'SIGTERM');
      await eventually(async () => shop.output().includes('SIGTERM received: stopping'));
      // A new request is refused (503 with Connection: close) or finds the port closed.
      const late = await fetch(`${base}/api/health`).then(
        (response) => response.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(late);

      await locker.query('COMMIT');
      const answered = await inFlight;
      expect(answered.status).toBe(200);
      expect(await answered.json()).toEqual({ data: expect.any(Array) }); // the whole answer, not a cut connection
      expect(await shop.exited()).toBe(0);
      expect(shop.errors()).not.toContain('did not stop in time');
    } finally {
      await locker.end();
    }
  });
});
