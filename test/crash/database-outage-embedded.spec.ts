import { readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../support/free-port.js';
import { alive, postmasterOf, useOutageScenario } from './database-outage.js';
import { waitFor } from './outage-load.js';
import { startShopProcess } from './shop-process.js';

jest.setTimeout(240_000);

/** The embedded PostgreSQL goes away under checkout load and the shop starts it again (test/crash/database-outage.ts). */
describe('a shop that outlives its embedded database', () => {
  const scenario = useOutageScenario();

  it('embedded: its PostgreSQL stopped (fast shutdown, as pg_ctl stop -m fast) and kept from starting for 10 s under checkout load; the shop starts it again itself', async () => {
    const dataDir = await scenario.folder('outage-embedded');
    const pgPort = await freePort();
    const settings = { dataDir, port: await freePort(), pgPort, env: { DEMO_VIDEOS: 'false' } };
    const shop = startShopProcess(settings);
    scenario.shops.push(shop);
    await shop.opened(120_000);
    const clusterDir = join(dataDir, 'pg');
    const away = join(dataDir, 'pg.away');
    const first = postmasterOf(clusterDir);
    const password = (JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>)
      .EMBEDDED_PG_PASSWORD!;

    const { reasons } = await scenario.outage(shop, `http://127.0.0.1:${settings.port}`, {
      // The folder moved aside first (the running server keeps working in it), so the shop's starts
      // fail until it is back: the database is away for the whole outage, not only until the first restart.
      away: async () => {
        renameSync(clusterDir, away);
        process.kill(first, 'SIGINT');
        await waitFor('the server to stop', () => !alive(first), 30_000);
      },
      back: async () => renameSync(away, clusterDir),
      database: () => `postgres://shop:${password}@127.0.0.1:${pgPort}/shop`,
    });
    expect(reasons).toEqual(
      expect.arrayContaining([expect.stringMatching(/^The embedded PostgreSQL in .+ stopped .*/)]),
    );
    // Started again by the shop: another server process on the same folder.
    const again = postmasterOf(clusterDir);
    expect(again).not.toBe(first);
    expect(alive(again)).toBe(true);
  });
});
