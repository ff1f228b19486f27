import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL } from '#apps/api/infrastructure/tokens.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { createTestApp, useTestShop } from '../support/app.js';
import { freePort } from '../support/free-port.js';
import { parseMetrics, samplesOf, valueOf } from './metrics-text.js';
import { eventually } from '../support/eventually.js';

const TOKEN = 'metrics-token-for-the-test-0123';

describe('GET /api/health and GET /api/ready', () => {
  const shop = useTestShop({ env: { READY_MAX_LAG_SECONDS: '2', METRICS_TOKEN: TOKEN } });
  const scrape = async () =>
    parseMetrics(
      await (await fetch(`${shop.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text(),
    );
  const get = async (path: string) => {
    const response = await fetch(`${shop.baseUrl}${path}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('health says it is alive and nothing more', async () => {
    expect(await get('/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('ready answers 503 with the reason while the projections lag behind the log, and 200 once they caught up', async () => {
    expect(await get('/api/ready')).toEqual({ status: 200, body: { status: 'ready', reasons: [], building: [] } });
    const pool = shop.app.get<pg.Pool>(PG_POOL);
    // The projector cannot move its checkpoints past the head (its batch fails and is retried), and the
    // event appended now says it happened 10 s ago: the read models are 10 s behind.
    const { rows } = await pool.query<{ head: string }>('SELECT max(position)::text AS head FROM es_events');
    await pool.query(
      `ALTER TABLE projection_checkpoints ADD CONSTRAINT held_back CHECK (position <= ${Number(rows[0]!.head ?? 0)}) NOT VALID`,
    );
    try {
      const occurredAt = new Date(Date.now() - 10_000).toISOString();
      const metadata = {
        correlationId: randomUUID(),
        causationId: randomUUID(),
        actorId: 'test',
        occurredAt,
        schemaVersion: 1,
      };
      await shop.app
        .get<EventStore>(EVENT_STORE)
        .append('probe-1', [{ type: 'ProbeHappened', data: {}, metadata }], 'no_stream');
      const lagging = await get('/api/ready');
      expect(lagging.status).toBe(503);
      expect(lagging.body).toEqual({
        status: 'not_ready',
        reasons: [
          expect.stringMatching(/^The read models are 1\d s behind the event log \(1 events; at most 2 s\)\.$/),
        ],
        building: [],
      });
      await eventually(async () => {
        const metrics = await scrape();
        return samplesOf(metrics, 'shop_projection_errors_total').length > 0;
      });
      const metrics = await scrape();
      const lags = samplesOf(metrics, 'shop_projection_lag_events');
      expect(lags.length).toBeGreaterThan(0);
      expect(lags.every((s) => s.value === 1)).toBe(true);
      expect(samplesOf(metrics, 'shop_projection_lag_seconds').every((s) => s.value >= 10)).toBe(true);
      const lastErrors = samplesOf(metrics, 'shop_projection_last_error_timestamp_seconds');
      expect(lastErrors).toHaveLength(lags.length);
      expect(lastErrors.every((s) => Math.abs(s.value - Date.now() / 1000) < 60)).toBe(true);
    } finally {
      await pool.query('ALTER TABLE projection_checkpoints DROP CONSTRAINT held_back');
    }
    await eventually(async () => (await get('/api/ready')).status === 200);
  });

  it('ready names the read models being rebuilt beside their tables, with how far, and stays ready', async () => {
    const pool = shop.app.get<pg.Pool>(PG_POOL);
    // What a rebuild in the shadow writes while it runs (libs/read-models/shadow-rebuild.ts).
    await pool.query(`INSERT INTO projection_rebuilds (name, version, position, head) VALUES ('carts', 9, 41, 100)`);
    try {
      expect(await get('/api/ready')).toEqual({
        status: 200,
        body: { status: 'ready', reasons: [], building: [{ name: 'carts', percent: 41 }] },
      });
    } finally {
      await pool.query(`DELETE FROM projection_rebuilds WHERE name = 'carts'`);
    }
    expect((await get('/api/ready')).body).toEqual({ status: 'ready', reasons: [], building: [] });
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  it('serves the metrics on METRICS_PORT instead of the public port when it is set', async () => {
    const metricsPort = await freePort();
    const shop = await createTestApp({ env: { METRICS_PORT: String(metricsPort) } });
    try {
      expect((await fetch(`${shop.baseUrl}/metrics`)).status).toBe(404);
      const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(own.status).toBe(200);
      // The refused /metrics of the public port, counted as no route (one registry per process).
      const samples = parseMetrics(await own.text());
      expect(
        valueOf(samples, 'shop_http_requests_total', { route: '(unmatched)', status: '404' }),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await shop.close();
    }
  });
});
