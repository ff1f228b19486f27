import { type ChildServer, startInChild } from './embedded-child.js';
import { freePort } from '../support/free-port.js';
import { useOutageScenario } from './database-outage.js';
import { startShopProcess } from './shop-process.js';

jest.setTimeout(240_000);

/** The PostgreSQL of DATABASE_URL goes away under checkout load and comes back (test/crash/database-outage.ts). */
describe('a shop that outlives its database server', () => {
  const scenario = useOutageScenario();

  it('DATABASE_URL: its PostgreSQL stopped for 10 s under checkout load and started again; the shop waits for it', async () => {
    const serverDir = await scenario.folder('outage-server');
    const pgPort = await freePort();
    const start = async (): Promise<ChildServer & { url: string }> => {
      const server = await startInChild('durable', serverDir, pgPort, scenario.children);
      if (!server.url) throw new Error(`the database did not start: ${server.error}`);
      return server as ChildServer & { url: string };
    };
    const server = await start();
    const port = await freePort();
    const shop = startShopProcess({
      dataDir: await scenario.folder('outage-shop'),
      port,
      pgPort: await freePort(),
      env: {
        DATABASE_URL: server.url,
        JWT_SECRET: 'outage-test-jwt-secret-that-is-long-enough-0123',
        DOB_ENCRYPTION_KEY: '2'.repeat(64),
        DEMO_VIDEOS: 'false',
      },
    });
    scenario.shops.push(shop);
    await shop.opened(120_000);

    let url = server.url;
    await scenario.outage(shop, `http://127.0.0.1:${port}`, {
      away: () => server.stop(), // the server's fast shutdown, and its process gone
      back: async () => {
        url = (await start()).url;
      },
      database: () => url,
    });
    expect(url).toBe(server.url);
  });
});
