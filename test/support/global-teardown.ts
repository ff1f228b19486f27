import { dropTemplates } from './database';

export default async function globalTeardown(): Promise<void> {
  // A server of the developer's own (DATABASE_URL) outlives the run: its templates of this run go.
  if (process.env.DATABASE_URL && process.env.TEST_RUN_ID) {
    await dropTemplates(process.env.DATABASE_URL, process.env.TEST_RUN_ID);
  }
  await Promise.all((globalThis.__TEST_POSTGRES__ ?? []).map((server) => server.stop()));
}
