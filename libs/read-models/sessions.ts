import type { Pool, PoolClient } from 'pg';
import type { CustomerEvent } from '#libs/domain/customer/customer.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/** Login sessions: the JWT guard asks here whether a token's session still runs (one device per account). */
export const sessionsReadModel: ReadModel = {
  name: 'sessions',
  version: 1,
  tables: ['sessions'],
  schema: `
    CREATE TABLE sessions (
      session_id text PRIMARY KEY,
      customer_id text NOT NULL,
      via text NOT NULL,
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      end_reason text
    );
    CREATE INDEX sessions_customer ON sessions (customer_id) WHERE ended_at IS NULL`,
  handles: ['SessionStarted', 'SessionEnded'],
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as CustomerEvent;
    switch (event.type) {
      case 'SessionStarted':
        await db.query('INSERT INTO sessions (session_id, customer_id, via, started_at) VALUES ($1, $2, $3, $4)', [
          event.data.sessionId,
          event.data.customerId,
          event.data.via,
          event.data.startedAt,
        ]);
        return;
      case 'SessionEnded':
        await db.query('UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE session_id = $1', [
          event.data.sessionId,
          event.data.endedAt,
          event.data.reason,
        ]);
        return;
    }
  },
};

/** True while the session has started and not ended. */
export async function isSessionActive(db: Db, customerId: string, sessionId: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM sessions WHERE session_id = $1 AND customer_id = $2 AND ended_at IS NULL',
    [sessionId, customerId],
  );
  return rows.length > 0;
}
