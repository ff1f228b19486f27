import { projectInto, readModelDatabase } from './identity-projection.testing.js';
import { playerPreferencesOf, playerPreferencesReadModel } from './player-preferences.js';

const changed = (customerId: string, speed: number, captions: boolean, changedAt: string) => ({
  type: 'PlayerPreferencesChanged',
  data: { customerId, speed, captions, changedAt },
});

describe('player preferences read model', () => {
  const db = readModelDatabase(playerPreferencesReadModel);

  it('given changes, then each account has its latest speed and captions', async () => {
    await projectInto(db.pool, playerPreferencesReadModel, [
      changed('c1', 1.5, true, '2026-03-01T10:00:00.000Z'),
      changed('c2', 0.75, false, '2026-03-01T11:00:00.000Z'),
      changed('c1', 2, false, '2026-03-02T10:00:00.000Z'),
    ]);
    expect(await playerPreferencesOf(db.pool, 'c1')).toEqual({ SPEED: 2, CAPTIONS: false });
    expect(await playerPreferencesOf(db.pool, 'c2')).toEqual({ SPEED: 0.75, CAPTIONS: false });
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM player_preferences');
    expect(rows[0].n).toBe(2);
  });

  it('given no change, then the account plays with the defaults', async () => {
    await projectInto(db.pool, playerPreferencesReadModel, [changed('c1', 1.25, true, '2026-03-01T10:00:00.000Z')]);
    expect(await playerPreferencesOf(db.pool, 'c9')).toEqual({ SPEED: 1, CAPTIONS: false });
  });
});
