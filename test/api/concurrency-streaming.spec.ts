import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { EVENT_STORE } from '#apps/api/infrastructure/tokens.js';
import { CONCURRENT_CHANGE } from '#libs/contracts/errors.js';
import { type PlaybackResponse, REDEEM_USED_CODE, type ViewingResponse } from '#libs/contracts/streaming.js';
import { fold } from '#libs/domain/kernel/decider.js';
import { type FavoriteEvent, favoritesDecider } from '#libs/domain/streaming/favorites.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { favoritesOf } from '#libs/read-models/streaming-choices.js';
import { viewingOf } from '#libs/read-models/viewing-progress.js';
import { useTestShop } from '../support/app.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import { outboxValidationLink, registerAndValidate } from '../support/customer-fixtures.js';
import { streamingClient } from '../support/streaming-client.js';

const AT_ONCE = 30;
/** Book codes of the demo catalog (libs/catalog/data/book-codes.csv) that no other case uses. */
const [, , , , MANY_ACCOUNTS_CODE = '', ONE_ACCOUNT_CODE = ''] = readFileSync(
  'libs/catalog/data/book-codes.csv',
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => line.split(',')[0] ?? '');

/**
 * A careless user's streaming writes (issue 18): one account sends each write 30 times at once, and 30
 * accounts redeem one book code at once. Every answer is 200 or 409 (CONCURRENT_CHANGE, or the used
 * code), never 5xx, and each stream stays consistent: it holds what one request would have appended,
 * and the read models agree with it.
 */
describe('streaming writes sent at once', () => {
  const shop = useTestShop({ seedDemo: true });
  let store: EventStore;
  let streamer: string;
  let customerId: string;
  const { call, login } = streamingClient(() => shop.baseUrl);
  const stream = (id: string): Promise<RecordedEvent[]> => store.readStream(id);
  /** The 409 answers whose text is none of `texts` (fireAtOnce types its results by status alone). */
  const other409s = (results: readonly { status: number }[], texts: string[]) =>
    (results as readonly { status: number; body?: { error?: string } }[]).filter(
      (r) => r.status === 409 && !texts.includes(r.body?.error ?? ''),
    );

  beforeAll(async () => {
    store = shop.app.get<symbol, EventStore>(EVENT_STORE, { strict: false });
    streamer = await login('streamer@demo.test');
    customerId = (await call<{ customerId: string }>(streamer, 'GET', '/auth/me')).body.customerId;
  });

  it('30 adds of one favourite, then 30 removals: 200 or 409, one event each, the read model agrees', async () => {
    const added = await fireAtOnce(AT_ONCE, () => call(streamer, 'POST', '/streaming/favorites', { PRODUCTID: 250 }));
    expect(unexpectedStatuses(added.statuses, [200, 409])).toEqual({});
    expect(other409s(added.results, [CONCURRENT_CHANGE])).toEqual([]);
    const removed = await fireAtOnce(AT_ONCE, () => call(streamer, 'DELETE', '/streaming/favorites/250'));
    expect(unexpectedStatuses(removed.statuses, [200, 409])).toEqual({});

    const events = (await stream(`favorites-${customerId}`)) as unknown as (RecordedEvent & FavoriteEvent)[];
    expect(events.map((e) => `${e.type} ${e.data.productId}`)).toEqual(['FavoriteAdded 250', 'FavoriteRemoved 250']);
    expect(fold(favoritesDecider, events).productIds).toEqual([]);
    expect(await favoritesOf(shop.shop.pool, customerId)).toEqual([]);
  });

  it('30 acceptances of the terms of 215: 200 or 409, one TermsAccepted', async () => {
    const { statuses } = await fireAtOnce(AT_ONCE, () => call(streamer, 'POST', '/streaming/215/terms', {}));
    expect(unexpectedStatuses(statuses, [200, 409])).toEqual({});
    const events = await stream(`terms-${customerId}`);
    expect(events.map((e) => [e.type, (e.data as { productId: number }).productId])).toEqual([['TermsAccepted', 215]]);
    expect((await call<{ CONFIRM: boolean }>(streamer, 'GET', '/streaming/215/videos/5463')).body.CONFIRM).toBe(false);
  });

  it('30 starts of one viewing, then 30 heartbeats on it: 200 or 409, one start, unique seconds that add up', async () => {
    const viewingId = randomUUID();
    const playback = await call<PlaybackResponse>(streamer, 'POST', '/streaming/playbacks', {
      PRODUCTID: 250,
      VIDEOID: 5001,
      VIEWINGID: viewingId,
    });
    const started = await fireAtOnce(AT_ONCE, () =>
      call<ViewingResponse>(streamer, 'POST', '/streaming/viewings', {
        PRODUCTID: 250,
        VIDEOID: 5001,
        VIEWINGID: viewingId,
      }),
    );
    expect(unexpectedStatuses(started.statuses, [200, 409])).toEqual({});
    // The player fetched the title's file (4 s, progressive): those seconds were served.
    const file = await fetch(`${shop.baseUrl}${playback.body.SRC}`, { headers: { cookie: playback.cookie } });
    expect(file.status).toBe(200);
    await file.arrayBuffer();
    const reports = await fireAtOnce(AT_ONCE, (n) =>
      call<ViewingResponse>(streamer, 'POST', `/streaming/viewings/${viewingId}/progress`, {
        INTERVALS: [[0, 2 + (n % 3)]],
        POSITION: n % 4,
      }),
    );
    expect(unexpectedStatuses(reports.statuses, [200, 409])).toEqual({});
    expect(other409s(reports.results, [CONCURRENT_CHANGE])).toEqual([]);

    const events = await stream(`viewing-${viewingId}`);
    expect(events.filter((e) => e.type === 'VideoStarted')).toHaveLength(1);
    const reported = events.filter((e) => e.type === 'WatchIntervalsReported');
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.length).toBeLessThanOrEqual(reports.statuses[200] ?? 0);
    // Each heartbeat's unique seconds never fall and never pass the 4 s the server served.
    let unique = 0;
    for (const e of reported) {
      const data = e.data as { uniqueSeconds: number };
      expect(data.uniqueSeconds).toBeGreaterThanOrEqual(unique);
      unique = data.uniqueSeconds;
    }
    expect(unique).toBeGreaterThanOrEqual(2);
    expect(unique).toBeLessThanOrEqual(4);
    expect(await viewingOf(shop.shop.pool, viewingId)).toMatchObject({ watchedSeconds: unique, longView: false });
  });

  it('30 accounts redeem one code at once: exactly one 200, the rest 409 "already redeemed"; one grant', async () => {
    const tokens = await Promise.all(Array.from({ length: AT_ONCE }, (_, n) => registeredToken(n)));
    const { statuses, results } = await fireAtOnce(AT_ONCE, (n) =>
      call(tokens[n] ?? '', 'POST', '/redeem', { code: MANY_ACCOUNTS_CODE }),
    );
    expect(statuses).toEqual({ 200: 1, 409: AT_ONCE - 1 });
    expect(other409s(results, [REDEEM_USED_CODE])).toEqual([]);

    const redeemed = await stream(`bookcode-${MANY_ACCOUNTS_CODE}`);
    expect(redeemed.map((e) => e.type)).toEqual(['CodeRedeemed']);
    const grants = await shop.shop.pool.query<{ customer_id: string }>(
      'SELECT customer_id FROM entitlement_products WHERE source = $1',
      [`bookcode:${MANY_ACCOUNTS_CODE}`],
    );
    expect(grants.rows.map((r) => r.customer_id)).toEqual([(redeemed[0]?.data as { customerId: string }).customerId]);
  });

  it('one account redeems one code 30 times at once: 200 (or 429 past the redeem throttle), one CodeRedeemed, one grant', async () => {
    const reader = await login('reader@demo.test');
    const { statuses } = await fireAtOnce(AT_ONCE, () => call(reader, 'POST', '/redeem', { code: ONE_ACCOUNT_CODE }));
    expect(unexpectedStatuses(statuses, [200, 409, 429])).toEqual({});
    expect(statuses[200]).toBeGreaterThan(0);
    expect((await stream(`bookcode-${ONE_ACCOUNT_CODE}`)).map((e) => e.type)).toEqual(['CodeRedeemed']);
    const grants = await shop.shop.pool.query('SELECT 1 FROM es_events WHERE type = $1 AND data->>$2 = $3', [
      'ProductAccessGranted',
      'source',
      `bookcode:${ONE_ACCOUNT_CODE}`,
    ]);
    expect(grants.rowCount).toBe(1);
  });

  /** A new account, registered, validated through the link the outbox holds, and signed in. */
  async function registeredToken(n: number): Promise<string> {
    const email = `redeemer-${n}-${randomUUID().slice(0, 8)}@example.test`;
    // The password streamingClient's login signs in with.
    await registerAndValidate(shop.baseUrl, email, (to) => outboxValidationLink(shop.shop.pool, to), {
      LASTNAME: `Redeemer ${n}`,
      PASSWORD: 'Demo-pass-2026',
    });
    return login(email);
  }
});
