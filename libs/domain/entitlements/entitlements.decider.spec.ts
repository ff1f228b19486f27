import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { entitlementsDecider } from './entitlements.decider.js';
import type { EntitlementEvent } from './entitlements.events.js';

const given = givenWhenThen(entitlementsDecider);
const grant = {
  customerId: 'c1',
  subscriptionType: 'qmpcomplete' as const,
  startsAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2027-01-01T00:00:00.000Z',
  source: 'order:100',
};
const granted: EntitlementEvent = { type: 'SubscriptionGranted', data: grant };
const iflap: EntitlementEvent = {
  type: 'ProductAccessGranted',
  data: { customerId: 'c1', productId: 399, productType: 'iflap', source: 'order:100' },
};

describe('entitlements decider', () => {
  it('grants a subscription', () => {
    given()
      .when({ type: 'GrantSubscription', ...grant })
      .then(granted);
  });
  it('the same grant from the same source appends nothing', () => {
    given(granted)
      .when({ type: 'GrantSubscription', ...grant })
      .then();
    given(iflap)
      .when({ type: 'GrantProductAccess', customerId: 'c1', productId: 399, productType: 'iflap', source: 'order:100' })
      .then();
  });
  it('a grant from another source is a new grant', () => {
    given(granted)
      .when({ type: 'GrantSubscription', ...grant, source: 'order:101' })
      .then({ type: 'SubscriptionGranted', data: { ...grant, source: 'order:101' } });
  });
  it('grants access to a product', () => {
    given()
      .when({ type: 'GrantProductAccess', customerId: 'c1', productId: 399, productType: 'iflap', source: 'order:100' })
      .then(iflap);
  });

  describe('RevokeSource (a fully refunded order)', () => {
    const revoke = {
      type: 'RevokeSource' as const,
      customerId: 'c1',
      source: 'order:100',
      reason: 'order_refunded',
      now: '2026-03-01T00:00:00.000Z',
    };
    const revoked: EntitlementEvent = {
      type: 'EntitlementsRevoked',
      data: {
        customerId: 'c1',
        source: 'order:100',
        reason: 'order_refunded',
        subscriptionTypes: ['qmpcomplete'],
        productIds: [399],
        revokedAt: '2026-03-01T00:00:00.000Z',
      },
    };
    const otherOrder: EntitlementEvent = { type: 'SubscriptionGranted', data: { ...grant, source: 'order:101' } };

    it('takes back every grant of the source, and only those', () => {
      given(granted, iflap, otherOrder).when(revoke).then(revoked);
    });

    it('a second revoke appends nothing', () => {
      given(granted, iflap, revoked).when(revoke).then();
    });

    it('a revoked source grants nothing again (its OrderPaid process manager run again after a crash)', () => {
      given(granted, revoked)
        .when({ type: 'GrantSubscription', ...grant })
        .then();
    });

    it('a source that granted nothing is revoked all the same, so it grants nothing later', () => {
      given()
        .when(revoke)
        .then({ type: 'EntitlementsRevoked', data: { ...revoked.data, subscriptionTypes: [], productIds: [] } });
    });
  });
});
