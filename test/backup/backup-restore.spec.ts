import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { SystemClock } from '#libs/application/clock.js';
import { parseConfig } from '#libs/config/config.js';
import type { PayResponse, Quote, Receipt } from '#libs/contracts/cart.js';
import type { CmeCertificateInfo } from '#libs/contracts/cme.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { allReadModels } from '#libs/read-models/index.js';
import { rebuildReadModels } from '#libs/read-models/projector.js';
import { appendViewing } from './backup-viewing.js';
import { backupCommand } from '../../apps/api/backup/backup-command.js';
import type { CommandIo } from '../../apps/api/backup/command-io.js';
import { restoreCommand } from '../../apps/api/backup/restore-command.js';
import { type RunningShop, startShop } from '../../apps/api/bootstrap.js';
import { CmeSealService } from '../../apps/api/cme-seal/cme-seal.service.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/free-port.js';
import { type Caller, shopClient } from '../support/shop-client.js';
import { killGroup, type ShopProcess, shopEnv, startShopProcess } from '../crash/shop-process.js';

const ROOT = resolve(__dirname, '../..');
const PASSPHRASE = 'correct horse battery staple';
const YEAR = new Date().getUTCFullYear();

/** A command's exit code and the lines it wrote, run in this process. */
async function run(command: typeof backupCommand, argv: string[], env: CommandIo['env']) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(argv, {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    clock: new SystemClock(),
  });
  return { code, out, err };
}

/** The built command (`npm run build:server` first; `npm test` builds): exit code, stdout and stderr lines. */
async function runBuilt(script: 'backup' | 'restore', argv: string[], env: NodeJS.ProcessEnv) {
  const lines = (text: string) => text.split('\n').filter(Boolean);
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [`dist/apps/api/backup/${script}.js`, ...argv],
      { cwd: ROOT, env },
    );
    return { code: 0, out: lines(stdout), err: lines(stderr) };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: lines(failed.stdout), err: lines(failed.stderr) };
  }
}

/** Every row of every read model table, in a stable order. */
async function readModelRows(shop: RunningShop): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of allReadModels.flatMap((m) => m.tables)) {
    const { rows } = await shop.pool.query(`SELECT * FROM ${table}`);
    tables[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return tables;
}

interface Acknowledged {
  onum: string;
  token: string;
  /** The pay call's 200 arrived before the backup command was called. */
  beforeBackup: boolean;
}

/** One guest checkout of a book on the shop at `base`: the pay call's status, order and receipt token. */
async function checkout(base: string): Promise<{ status: number; onum: string | null; token: string | null }> {
  const { call } = shopClient(() => base);
  const who: Caller = { cartId: randomUUID() };
  const added = await call(who, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 });
  if (added.status !== 200) return { status: added.status, onum: null, token: null };
  const quote = await call<Quote>(who, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 });
  const pay = await call<PayResponse>(
    who,
    'POST',
    '/checkout/pay',
    { ATTJSON: checkoutContact(), BILLINGJSON: null, CARD: SANDBOX_VISA, SHIPPING: 1, TOTAL: quote.body.TOTAL },
    { 'idempotency-key': randomUUID() },
  );
  return { status: pay.status, onum: pay.body.ONUM, token: pay.body.RECEIPTTOKEN };
}

/** A guest's receipt, as the confirmation page reads it. */
async function receiptAt(base: string, order: Pick<Acknowledged, 'onum' | 'token'>) {
  const response = await fetch(`${base}/api/orders/${order.onum}?token=${encodeURIComponent(order.token)}`);
  return { status: response.status, body: (await response.json()) as { data: Receipt } };
}

/**
 * `npm run backup` while guest checkouts run four at once on the shop; `npm run restore` of that file
 * into an empty database, and (the built command) into an empty DATA_DIR with its own embedded
 * PostgreSQL; each restored shop started and asked over HTTP (docs/operations.md, Backups and restore).
 */
describe('npm run backup and npm run restore', () => {
  let source: TestApp;
  let restored: RunningShop | null = null;
  let built: ShopProcess | undefined;
  let folder: string;
  let file: string;
  const targets: TestDatabase[] = [];
  const acknowledged: Acknowledged[] = [];
  let certificate: CmeCertificateInfo;
  const sourceEnv = (): CommandIo['env'] => ({
    DATABASE_URL: source.shop.config.DATABASE_URL,
    DATA_DIR: join(folder, 'unused'),
    JWT_SECRET: source.shop.config.JWT_SECRET,
    DOB_ENCRYPTION_KEY: source.shop.config.DOB_ENCRYPTION_KEY,
    BACKUP_PASSPHRASE: PASSPHRASE,
  });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'shop-backup-'));
    await chmod(folder, 0o755); // the embedded server runs as the unprivileged postgres user when we are root
    file = join(folder, 'shop.backup.gz');
    source = await createTestApp({ seedDemo: true, env: { SEAL_EVERY_HOURS: '0' } });
  });
  afterAll(async () => {
    killGroup(built);
    await restored?.close();
    await source?.close();
    for (const target of targets) await target.drop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('backs up while checkouts run; restored, the shop holds every order acknowledged before, its read models equal a rebuild, its CME chains verify', async () => {
    // What only the database holds beside the log: a certificate's PDF and the signing keys, and a seal.
    const { call, loginAs } = shopClient(() => source.baseUrl);
    const cme: Caller = { token: (await loginAs('cme@demo.test')).token };
    const printed = await call<CmeCertificateInfo>(cme, 'POST', `/cme/certificate?year=${YEAR}`);
    expect(printed.status).toBe(200);
    certificate = printed.body;
    const seals = source.app.get(CmeSealService);
    expect((await seals.runner.seal('demand', seals.systemContext())).status).toBe('sealed');
    // A viewing with its heartbeats: the compact table of the log (docs/event-store.md).
    const viewing = await appendViewing(source.shop.pool);

    const statuses: number[] = [];
    let backupCalled = false;
    let stop = false;
    const worker = async (): Promise<void> => {
      while (!stop) {
        const result = await checkout(source.baseUrl);
        statuses.push(result.status);
        if (result.status === 200 && result.onum && result.token) {
          acknowledged.push({ onum: result.onum, token: result.token, beforeBackup: !backupCalled });
        }
      }
    };
    const until = async (enough: () => boolean): Promise<void> => {
      while (!enough() && !stop) await new Promise((r) => setTimeout(r, 20));
    };
    const workers = Array.from({ length: 4 }, () => worker().finally(() => (stop = true)));
    await until(() => acknowledged.length >= 8);
    backupCalled = true;
    const backup = await run(backupCommand, [file], sourceEnv());
    const afterBackup = acknowledged.length;
    await until(() => acknowledged.length >= afterBackup + 4); // the shop kept serving
    stop = true;
    await Promise.all(workers);

    expect(backup.err).toEqual([]);
    expect(backup.code).toBe(0);
    expect(backup.out[0]).toMatch(
      /^Backup written to .* tables, \d+ rows, \d+ events; the file authenticated and the secrets sealed/,
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    const before = acknowledged.filter((a) => a.beforeBackup);
    expect(before.length).toBeGreaterThanOrEqual(8);
    expect(acknowledged.length).toBeGreaterThanOrEqual(before.length + 4);
    const sourceReceipts = await Promise.all(before.map((a) => receiptAt(source.baseUrl, a)));

    // Restored into an empty database of DATABASE_URL; the secrets go to DATA_DIR/secrets.json.
    const target = await createTestDatabase();
    targets.push(target);
    const secretsDir = join(folder, 'secrets');
    const restore = await run(restoreCommand, [file], {
      DATABASE_URL: target.url,
      DATA_DIR: secretsDir,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(restore.err).toEqual([]);
    expect(restore.code).toBe(0);
    expect(restore.out).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Check signing keys: ok: [1-9]\d* key\(s\) decrypt with the restored key$/),
        expect.stringMatching(
          /^Check CME audit --verify: ok: [1-9]\d* CME stream\(s\) of .*: every chain, credit and seal verifies$/,
        ),
      ]),
    );
    // The log numbered 1..N in its order, both its tables; the process managers' checkpoint moved along with it.
    const log = await target.pool.query<{ first: string; last: string; n: string; viewings: string }>(
      `SELECT min(position)::text AS first, max(position)::text AS last, count(*)::text AS n,
              count(*) FILTER (WHERE compact)::text AS viewings
       FROM (SELECT position, false AS compact FROM es_events
             UNION ALL SELECT position, true FROM es_viewing_events) log`,
    );
    expect(log.rows[0]).toMatchObject({ first: '1', last: log.rows[0]!.n, n: log.rows[0]!.n });
    expect(Number(log.rows[0]!.viewings)).toBeGreaterThanOrEqual(viewing.length);
    const targetStore = await PostgresEventStore.create(target.pool);
    const copied = await targetStore.readStream(viewing[0]!.streamId);
    await targetStore.close();
    const withoutPosition = (events: RecordedEvent[]) => events.map(({ position: _position, ...rest }) => rest);
    expect(withoutPosition(copied)).toEqual(withoutPosition(viewing));
    const checkpoints = await target.pool.query<{ position: string }>(
      'SELECT position::text FROM process_manager_checkpoints',
    );
    expect(checkpoints.rows.length).toBeGreaterThan(0);
    for (const { position } of checkpoints.rows) {
      expect(Number(position)).toBeGreaterThan(0);
      expect(Number(position)).toBeLessThanOrEqual(Number(log.rows[0]!.n));
    }
    expect(JSON.parse(await readFile(join(secretsDir, 'secrets.json'), 'utf8'))).toMatchObject({
      JWT_SECRET: source.shop.config.JWT_SECRET,
      DOB_ENCRYPTION_KEY: source.shop.config.DOB_ENCRYPTION_KEY,
    });

    // The restored shop on that database, with the secrets the restore kept.
    restored = await startShop(
      parseConfig({
        NODE_ENV: 'test',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATABASE_URL: target.url,
        DATA_DIR: secretsDir,
        SERVE_WEB: 'false',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        RENEWALS_EVERY_MINUTES: '0',
        SEAL_EVERY_HOURS: '0',
      }),
    );
    const restoredReceipts = await Promise.all(before.map((a) => receiptAt(restored!.url, a)));
    expect(restoredReceipts.map((r) => r.status)).toEqual(before.map(() => 200));
    expect(restoredReceipts).toEqual(sourceReceipts);
    const verified = await fetch(`${restored.url}/api/cme/verify/${certificate.NUMBER}`);
    expect(verified.status).toBe(200);
    const jwks = async (base: string) => (await fetch(`${base}/.well-known/jwks.json`)).json();
    expect(await jwks(restored.url)).toEqual(await jwks(source.baseUrl));

    // It takes new orders after the restored ones (new numbers, read back at once: the log's new
    // positions follow the restored ones), and its read models equal a rebuild from its log.
    const fresh = await checkout(restored.url);
    expect(fresh.status).toBe(200);
    // Order numbers skip 1,000 past the backup's: none handed out after it (lost with the restore) is used again.
    expect(Number(fresh.onum)).toBeGreaterThan(Math.max(...acknowledged.map((a) => Number(a.onum))));
    expect((await receiptAt(restored.url, { onum: fresh.onum!, token: fresh.token! })).status).toBe(200);
    const live = await readModelRows(restored);
    expect(live.receipts!.length).toBeGreaterThan(before.length);
    const store = await PostgresEventStore.create(restored.pool);
    await rebuildReadModels(restored.pool, store, allReadModels);
    await store.close();
    expect(await readModelRows(restored)).toEqual(live);
  });

  it('the built commands: restore into an empty DATA_DIR (its own embedded PostgreSQL), which the shop then opens; a backup of that shop while it runs', async () => {
    const before = acknowledged.filter((a) => a.beforeBackup);
    const dataDir = join(folder, 'restored');
    const settings = { dataDir, port: await freePort(), pgPort: await freePort() };
    const env = { ...shopEnv(settings), BACKUP_PASSPHRASE: PASSPHRASE };
    const restore = await runBuilt('restore', [file], env);
    expect(restore.err).toEqual([]);
    expect(restore.code).toBe(0);
    expect(restore.out[0]).toMatch(/^Restored .* into the embedded database in .*: \d+ tables, \d+ rows, \d+ events/);

    built = startShopProcess({ ...settings, env: { SEED_DEMO: 'false', RENEWALS_EVERY_MINUTES: '0' } });
    await built.opened();
    const base = `http://127.0.0.1:${settings.port}`;
    const receipts = await Promise.all(before.map((a) => receiptAt(base, a)));
    expect(receipts.map((r) => r.status)).toEqual(before.map(() => 200));
    const fresh = await checkout(base);
    expect(fresh.status).toBe(200);
    expect((await receiptAt(base, { onum: fresh.onum!, token: fresh.token! })).status).toBe(200);
    // A backup of the running embedded shop: from its own database server, the shop serving on.
    const second = await runBuilt('backup', [join(folder, 'second.gz')], env);
    expect(second.err).toEqual([]);
    expect(second.code).toBe(0);
    expect(second.out[0]).toMatch(/ from the running shop's embedded database in .* tables, \d+ rows, \d+ events; /);
    expect((await checkout(base)).status).toBe(200);
    built.child.kill('SIGTERM');
    expect(await built.exited()).toBe(0);

    // Once more into the same DATA_DIR: its database is no longer empty.
    const again = await runBuilt('restore', [file], env);
    expect(again).toEqual({
      code: 2,
      out: [],
      err: [
        expect.stringMatching(
          /^Restore refused: the embedded database in .* is not empty \(it holds .*; restore into an empty one$/,
        ),
      ],
    });
  });

  it('refuses a database that is not empty, a wrong passphrase, a damaged file and a file that exists, each in one line', async () => {
    const intoShop = await run(restoreCommand, [file], sourceEnv());
    expect(intoShop).toEqual({
      code: 2,
      out: [],
      err: [
        expect.stringMatching(
          /^Restore refused: the database of DATABASE_URL is not empty \(it holds .*; restore into an empty one$/,
        ),
      ],
    });

    const wrong = await run(restoreCommand, [file], {
      DATA_DIR: join(folder, 'other'),
      BACKUP_PASSPHRASE: 'not the passphrase',
    });
    expect(wrong).toEqual({
      code: 2,
      out: [],
      err: [`Restore refused: BACKUP_PASSPHRASE does not open the secrets of ${file}`],
    });

    // A damaged file: one value changed in the rows (gzip itself intact). Refused before anything is written.
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const row = lines.findIndex((line, i) => i > 0 && line.includes('Ada'));
    expect(row).toBeGreaterThan(0);
    lines[row] = lines[row]!.replace('Ada', 'Eve');
    const damaged = join(folder, 'damaged.gz');
    await writeFile(damaged, gzipSync(lines.join('\n')));
    const empty = await createTestDatabase();
    targets.push(empty);
    const broken = await run(restoreCommand, [damaged], {
      DATABASE_URL: empty.url,
      DATA_DIR: join(folder, 'damaged'),
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(broken).toEqual({
      code: 2,
      out: [],
      err: [
        `Restore refused: ${damaged} does not authenticate with BACKUP_PASSPHRASE: it was changed or damaged ` +
          'after it was written, or written with another passphrase; nothing was restored',
      ],
    });
    const left = await empty.pool.query(`SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace`);
    expect(left.rows).toEqual([]);

    const overwrite = await run(backupCommand, [file], sourceEnv());
    expect(overwrite).toEqual({
      code: 2,
      out: [],
      err: [`Backup refused: ${file} exists; a backup never replaces a file`],
    });

    const unsealed = await run(backupCommand, [join(folder, 'other.gz')], {
      ...sourceEnv(),
      BACKUP_PASSPHRASE: undefined,
    });
    expect(unsealed.code).toBe(2);
    expect(unsealed.err).toEqual([expect.stringMatching(/^Backup refused: BACKUP_PASSPHRASE is not set/)]);
  });
});
