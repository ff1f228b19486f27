import { CME_SEAL_HEADS_TABLES } from '#libs/cme-seal/cme-seal-heads.js';
import { COMPACT_TABLE } from '#libs/eventstore/postgres/compact-streams.sql.js';
import { allReadModels } from '#libs/read-models/index.js';

/** The event log of the PostgreSQL event store (libs/eventstore/postgres): the source of truth. */
export const EVENT_LOG_TABLE = 'es_events';

/**
 * Every table of the log: `es_events` and the compact category's (docs/event-store.md), one log
 * merged by position. A backup writes each in position order; a restore numbers them anew together.
 */
export const EVENT_LOG_TABLES: readonly string[] = [EVENT_LOG_TABLE, COMPACT_TABLE];

/**
 * Tables whose `position` column holds a position of the event log (the Kafka relay's and the process
 * managers' checkpoints). A restore numbers the log anew (restore-load.ts), so it moves these along; a
 * new table keeping a log position belongs here.
 */
export const POSITION_TABLES: readonly string[] = ['relay_checkpoints', 'process_manager_checkpoints'];

/**
 * What a backup leaves out, and why: every read model's tables (the restore rebuilds them from the log),
 * their checkpoints, the attempt counters of the rate limits, and the CME seals' table of heads (a
 * cache of the log holding a log position, which a restore numbers anew). Every other table of the database is
 * backed up, and must be one the shop's schema creates (apps/api/backup/shop-schema.ts), or the backup
 * stops naming it; a restore refuses these tables in a file.
 */
export function tablesLeftOut(): { table: string; why: string }[] {
  return [
    ...allReadModels.flatMap((model) =>
      model.tables.map((table) => ({ table, why: `read model ${model.name}: rebuilt from the log` })),
    ),
    { table: 'projection_checkpoints', why: "the read models' checkpoints: set by the rebuild" },
    { table: 'projection_rebuilds', why: 'the rebuilds running at the time: a restore rebuilds every read model' },
    { table: 'rate_limits', why: 'login and card attempt counters: they expire within minutes' },
    ...CME_SEAL_HEADS_TABLES.map((table) => ({
      table,
      why: "the CME seals' heads and log position: the next seal reads the restored log into them anew",
    })),
  ];
}
