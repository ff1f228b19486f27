import type { Pool, PoolClient } from 'pg';
import type { PlayerPreferences } from '#libs/contracts/streaming.js';
import { DEFAULT_PLAYER_PREFERENCES, type PlayerPreferencesEvent } from '#libs/domain/streaming/player-preferences.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/** Each account's player speed and captions (GET /api/account/player); no row: the defaults. */
export const playerPreferencesReadModel: ReadModel = {
  name: 'player-preferences',
  version: 1,
  tables: ['player_preferences'],
  schema: `
    CREATE TABLE player_preferences (
      customer_id text PRIMARY KEY,
      speed double precision NOT NULL,
      captions boolean NOT NULL,
      changed_at timestamptz NOT NULL
    )`,
  handles: ['PlayerPreferencesChanged'],
  pipelined: true,
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const { data } = recorded as unknown as PlayerPreferencesEvent;
    await db.query(
      `INSERT INTO player_preferences (customer_id, speed, captions, changed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (customer_id) DO UPDATE SET speed = $2, captions = $3, changed_at = $4`,
      [data.customerId, data.speed, data.captions, data.changedAt],
    );
  },
};

/** The account's player preferences, or the defaults (speed 1, captions off) when it never chose. */
export async function playerPreferencesOf(db: Db, customerId: string): Promise<PlayerPreferences> {
  const { rows } = await db.query<{ speed: number; captions: boolean }>(
    'SELECT speed, captions FROM player_preferences WHERE customer_id = $1',
    [customerId],
  );
  const row = rows[0] ?? DEFAULT_PLAYER_PREFERENCES;
  return { SPEED: row.speed as PlayerPreferences['SPEED'], CAPTIONS: row.captions };
}
