import { randomUUID } from 'node:crypto';
import { EVENT_STORE } from '../../apps/api/infrastructure/tokens.js';
import { idMessage } from '../../apps/api/kernel/id.pipe.js';
import type { EventStore } from '../../libs/eventstore/event-store.port.js';
import { useTestShop } from '../support/app.js';
import { shopClient } from '../support/shop-client.js';

/**
 * One request context: the request's id (X-Request-Id) is the correlation id of every event the
 * request appends, and the signed-in customer (or `anonymous`) is their actor; no handler builds it.
 * One id pipe: a path id is a canonical positive whole number.
 */
describe('the request context and the path ids', () => {
  const shop = useTestShop({ seedDemo: true });
  const { call, loginAs } = shopClient(() => shop.baseUrl);

  it("a signed-in write's events carry the request id as correlation id and the customer as actor", async () => {
    const { token } = await loginAs('streamer@demo.test');
    const { customerId } = (await call<{ customerId: string }>({ token }, 'GET', '/auth/me')).body;
    const requestId = `req-${randomUUID()}`;
    await call({ token }, 'DELETE', '/streaming/favorites/287');
    const answer = await call(
      { token },
      'POST',
      '/streaming/favorites',
      { PRODUCTID: 287 },
      {
        'x-request-id': requestId,
      },
    );
    expect(answer.status).toBeLessThan(300);
    const store = shop.app.get<EventStore>(EVENT_STORE);
    const events = await store.readStream(`favorites-${customerId}`);
    const mine = events.filter((e) => e.metadata.correlationId === requestId);
    expect(mine.length).toBeGreaterThan(0);
    for (const event of mine) {
      expect(event.metadata.actorId).toBe(customerId);
      expect(event.metadata.causationId).toBe(requestId);
    }
  });

  it("a visitor's write is the anonymous actor's, under its own request id", async () => {
    const cartId = randomUUID();
    const requestId = `req-${randomUUID()}`;
    const answer = await call(
      { cartId },
      'POST',
      '/cart/items',
      { PRODUCTID: 601, QTY: 1, FORMAT: 'BOOK' },
      {
        'x-request-id': requestId,
      },
    );
    expect(answer.status).toBe(200);
    const events = await shop.app.get<EventStore>(EVENT_STORE).readStream(`cart-${cartId}`);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.metadata.correlationId === requestId && e.metadata.actorId === 'anonymous')).toBe(
      true,
    );
  });

  it.each(['251.0', '0251', '1e3', '0', '+251'])(
    'GET /api/products/%s answers 400, not the product 251',
    async (id) => {
      const answer = await call({}, 'GET', `/products/${encodeURIComponent(id)}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual([idMessage('id')]);
    },
  );

  it('the canonical id still answers the product', async () => {
    expect((await call({}, 'GET', '/products/251')).status).toBe(200);
  });
});
