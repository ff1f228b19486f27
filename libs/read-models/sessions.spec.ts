import { projectInto, readModelDatabase } from './identity-projection.testing.js';
import { isSessionActive, sessionsReadModel } from './sessions.js';

describe('sessions read model', () => {
  const db = readModelDatabase();

  it('a session replaced by a login elsewhere is no longer active', async () => {
    const at = '2026-01-01T00:00:00Z';
    await projectInto(db.pool, sessionsReadModel, [
      { type: 'SessionStarted', data: { customerId: 'c1', sessionId: 's1', startedAt: at, via: 'password' } },
      { type: 'SessionEnded', data: { customerId: 'c1', sessionId: 's1', endedAt: at, reason: 'replaced' } },
      { type: 'SessionStarted', data: { customerId: 'c1', sessionId: 's2', startedAt: at, via: 'password' } },
    ]);
    expect(await isSessionActive(db.pool, 'c1', 's1')).toBe(false);
    expect(await isSessionActive(db.pool, 'c1', 's2')).toBe(true);
    expect(await isSessionActive(db.pool, 'other', 's2')).toBe(false);
    const { rows } = await db.pool.query("SELECT end_reason FROM sessions WHERE session_id = 's1'");
    expect(rows).toEqual([{ end_reason: 'replaced' }]);
  });
});
