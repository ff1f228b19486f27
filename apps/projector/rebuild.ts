import { loadConfig } from '#libs/config/config.js';
import { withCliDatabase } from '#libs/database/cli-database.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { allReadModels } from '#libs/read-models/index.js';
import { rebuildReadModels } from '#libs/read-models/projector.js';

/**
 * `npm run projections:rebuild`: drops every read model and replays the whole event log into it.
 * Stop the shop first in embedded mode (this command starts the embedded PostgreSQL of DATA_DIR itself).
 */
const config = loadConfig();
let failed = false;
await withCliDatabase(config, async (pool) => {
  try {
    const store = await createEventStore(config, pool);
    const started = Date.now();
    const result = await rebuildReadModels(pool, store, allReadModels);
    for (const model of allReadModels) {
      const counts = await Promise.all(
        model.tables.map(
          async (t) =>
            `${t}: ${(await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0]?.n} rows`,
        ),
      );
      process.stdout.write(`rebuilt ${model.name} (v${model.version}): ${counts.join(', ')}\n`);
    }
    process.stdout.write(`replayed ${result.events} events in ${Date.now() - started} ms\n`);
    await store.close();
  } catch (error) {
    process.stderr.write(`Rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
    failed = true;
  }
});
process.exit(failed ? 1 : 0);
