import type { SubscriptionType } from '../entitlements/entitlements.events.js';
import type { ChangeSubscriptionAutoRenew } from './customer.commands.js';
import type { CustomerEvent } from './customer.events.js';
import { given, id, later, registeredWith, testProfile } from './customer.testing.js';

/** Registered with the account's auto-renew on (the registration form's default) or off. */
const registered = (autorenew: boolean) => registeredWith(testProfile({ autorenew }));

const choose = (
  choices: [SubscriptionType, boolean][],
  via: ChangeSubscriptionAutoRenew['via'] = 'account',
  onum: number | null = null,
): ChangeSubscriptionAutoRenew => ({
  type: 'ChangeSubscriptionAutoRenew',
  choices: choices.map(([subscriptionType, autorenew]) => ({ subscriptionType, autorenew })),
  via,
  onum,
  now: later,
});

const changed = (
  subscriptionType: SubscriptionType,
  autorenew: boolean,
  via: 'account' | 'checkout' = 'account',
  onum: number | null = null,
): CustomerEvent => ({
  type: 'SubscriptionAutoRenewChanged',
  data: { customerId: id, subscriptionType, autorenew, via, onum, changedAt: later },
});

const accountSetTo = (autorenew: boolean): CustomerEvent => ({
  type: 'AutoRenewChanged',
  data: { customerId: id, autorenew, changedAt: later },
});

describe("customer decider: each subscription's auto-renew (the Subscriptions tab's switch, the pay screen's box)", () => {
  it("a subscription turned off apart from the account's setting is recorded; the account stays on", () =>
    given(registered(true))
      .when(choose([['elearning', false]]))
      .then(changed('elearning', false)));

  it("a choice the subscription already follows records nothing: the account's setting, or its own choice", () => {
    given(registered(true))
      .when(choose([['elearning', true]]))
      .then();
    given(registered(false), changed('elearning', true))
      .when(choose([['elearning', true]]))
      .then();
  });

  it('the pay screen records the choice of every subscription the paid order bought, with the order number', () =>
    given(registered(false))
      .when(
        choose(
          [
            ['qmpcomplete', true],
            ['cme', false],
          ],
          'checkout',
          100234,
        ),
      )
      .then(changed('qmpcomplete', true, 'checkout', 100234)));

  it("the account's box sets every subscription: a single choice made before it no longer counts", () => {
    // elearning turned off alone, then the account's box off and on again: elearning is on like the rest.
    given(registered(true), changed('elearning', false), accountSetTo(false), accountSetTo(true))
      .when(choose([['elearning', true]]))
      .then();
    given(registered(true), changed('elearning', false), accountSetTo(false), accountSetTo(true))
      .when(choose([['elearning', false]]))
      .then(changed('elearning', false));
  });

  it('a single choice after the account was turned off turns that subscription back on alone', () =>
    given(registered(true), accountSetTo(false))
      .when(
        choose([
          ['streaming_all', true],
          ['elearning', false],
        ]),
      )
      .then(changed('streaming_all', true)));

  it('refuses it for a customer that does not exist', () =>
    given()
      .when(choose([['cme', true]]))
      .thenFails('customer_not_found'));
});
