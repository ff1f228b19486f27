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
});
