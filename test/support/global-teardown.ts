import { rm } from 'node:fs/promises';
import { dropTemplates } from './database';

export default async function globalTeardown(): Promise<void> {
  // A server of the developer's own (DATABASE_URL) outlives the run: its templates of this run go.
  if (process.env.DATABASE_URL && process.env.TEST_RUN_ID) {
    await dropTemplates(process.env.DATABASE_URL, process.env.TEST_RUN_ID);
  }
  await Promise.all(
    (globalThis.__TEST_POSTGRES__ ?? []).map(async ({ server, dataDir }) => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }),
  );
}
