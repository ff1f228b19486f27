/**
 * `npm run cme:seal`: seals the CME log now (docs/audit.md, Seals): one CmeLogSealed on `cme-seals` with
 * the heads of the CME streams changed since the seal before, the Merkle root over every stream's head
 * and the shop's signature. Waits up to 30 s when a
 * scheduled seal is running. Stop the shop first in embedded mode (the command starts the embedded
 * database); scaled out, or with DATABASE_URL, it runs beside the shop.
 */
import { userInfo } from 'node:os';
import { SystemClock } from '#libs/application/clock.js';
import { standaloneSealRunner } from '#libs/cme-seal/standalone-seal-runner.js';
import { keepHeapNearLive } from '#libs/application/flat-heap.js';
import { withCliDatabase } from '#libs/database/cli-database.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { operatorContext } from '#libs/application/command-context.js';
import { operatorConfig } from '../infrastructure/secrets.js';

keepHeapNearLive();

const operator = (): string => {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'operator';
  }
};

const config = await operatorConfig();
let code = 0;
await withCliDatabase(config, async (pool) => {
  const store = await createEventStore(config, pool);
  const runner = standaloneSealRunner({ config, pool, store, clock: new SystemClock() });
  try {
    const outcome = await runner.seal('demand', operatorContext(operator()), 30_000);
    if (outcome.status === 'sealed') {
      const { seal, revision } = outcome;
      process.stdout.write(
        `Sealed ${seal.heads ?? seal.streams.length} CME streams at ${seal.sealedAt} (seal ${revision} of cme-seals, ` +
          `${seal.streams.length} changed since the seal before): ` +
          `Merkle root ${seal.merkleRoot}, signed by key ${seal.kid}\n`,
      );
    } else {
      process.stderr.write(
        outcome.status === 'empty'
          ? 'Nothing to seal: the log has no CME stream yet.\n'
          : 'Another seal is being made and did not end within 30 s; run the command again.\n',
      );
      code = outcome.status === 'empty' ? 0 : 1;
    }
  } catch (error) {
    process.stderr.write(`Sealing the CME log failed: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 1;
  } finally {
    await runner.close();
    await store.close();
  }
});
process.exit(code);
