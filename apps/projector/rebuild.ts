import { loadConfig } from '#libs/config/config.js';
import { withCliDatabase } from '#libs/database/cli-database.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { allReadModels } from '#libs/read-models/index.js';
import { rebuildReadModels } from '#libs/read-models/projector.js';

/**
 * `npm run projections:rebuild`: rebuilds every read model from the whole event log beside its live
 * tables and swaps them in when caught up (libs/read-models/shadow-rebuild.ts). No stop needed: with a
 * shop running on DATA_DIR it uses that shop's database server (else it starts the embedded one), and
 * the shop answers from the old tables until the swap.
 */
const config = loadConfig();
let failed = false;
await withCliDatabase(
  config,
  async (pool) => {
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
  },
  { besideRunningShop: true },
);
process.exit(failed ? 1 : 0);
