import { rolesOf } from '#libs/domain/entitlements/roles.js';
import { entitlementsOf, entitlementsReadModel } from './entitlements.js';
import { projectInto, readModelDatabase } from './identity-projection.testing.js';

describe('entitlements read model', () => {
  const db = readModelDatabase();

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
});
