import { rolesOf } from '#libs/domain/entitlements/roles.js';
import { entitlementsOf, entitlementsReadModel } from './entitlements.js';
import { projectInto, readModelDatabase } from './identity-projection.testing.js';

describe('entitlements read model', () => {
  const db = readModelDatabase(entitlementsReadModel);

  it('lists a customer’s subscriptions and products, from which roles follow', async () => {
    await projectInto(db.pool, entitlementsReadModel, [
      {
        type: 'SubscriptionGranted',
        data: {
          customerId: 'c1',
          subscriptionType: 'elearning',
          startsAt: '2026-01-01T00:00:00.000Z',
          expiresAt: '2027-01-01T00:00:00.000Z',
          source: 'order:1',
        },
      },
      {
        type: 'ProductAccessGranted',
        data: { customerId: 'c1', productId: 399, productType: 'iflap', source: 'order:1' },
      },
      {
        type: 'ProductAccessGranted',
        data: { customerId: 'c2', productId: 215, productType: 'STREAMING', source: 'order:2' },
      },
    ]);
    const mine = await entitlementsOf(db.pool, 'c1');
    expect(mine).toEqual({
      subscriptions: [
        {
          subscriptionType: 'elearning',
          startsAt: '2026-01-01T00:00:00.000Z',
          expiresAt: '2027-01-01T00:00:00.000Z',
          source: 'order:1',
        },
      ],
      products: [{ productId: 399, productType: 'iflap', source: 'order:1' }],
    });
    expect(rolesOf(mine, new Date('2026-06-01T00:00:00Z'))).toEqual(['elearning', 'streaming', 'iflap']);
    expect(await entitlementsOf(db.pool, 'nobody')).toEqual({ subscriptions: [], products: [] });
  });

  it('a revoked source loses its subscriptions and products; other sources keep theirs', async () => {
    const sub = (source: string) => ({
      type: 'SubscriptionGranted',
      data: {
        customerId: 'c3',
        subscriptionType: 'cme',
        startsAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2026-12-31T23:59:59.999Z',
        source,
      },
    });
    await projectInto(db.pool, entitlementsReadModel, [
      sub('order:7'),
      sub('seed:demo'),
      {
        type: 'ProductAccessGranted',
        data: { customerId: 'c3', productId: 215, productType: 'STREAMING', source: 'order:7' },
      },
      {
        type: 'EntitlementsRevoked',
        data: {
          customerId: 'c3',
          source: 'order:7',
          reason: 'order_refunded',
          subscriptionTypes: ['cme'],
          productIds: [215],
          revokedAt: '2026-03-01T00:00:00.000Z',
        },
      },
    ]);
    const left = await entitlementsOf(db.pool, 'c3');
    expect(left.subscriptions.map((s) => s.source)).toEqual(['seed:demo']);
    expect(left.products).toEqual([]);
  });
});
