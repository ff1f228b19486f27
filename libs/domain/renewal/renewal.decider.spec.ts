import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import {
  type CancelRenewal,
  type RecordRenewalOutcome,
  RENEWAL_DECLINED_WITHOUT_TEXT,
  renewalDecider,
  type StartRenewal,
} from './renewal.decider.js';
import type { RenewalCancelled, RenewalFailed, RenewalStarted, RenewalSucceeded } from './renewal.events.js';
import {
  dueRenewals,
  RENEW_DAYS_BEFORE,
  RENEWAL_NO_LONGER_WANTED,
  type RenewalFacts,
  renewalNoLongerWanted,
} from './renewal.rules.js';

const given = givenWhenThen(renewalDecider);
const NOW = '2027-11-20T10:00:00.000Z';
const key = 'renewal-c1-elearning-2027-11-26';
const start = (onum = 100050): StartRenewal => ({
  type: 'StartRenewal',
  customerId: 'c1',
  subscriptionType: 'elearning',
  period: '2027-11-26',
  onum,
  productId: 160,
  idempotencyKey: key,
  now: NOW,
});
const started: RenewalStarted = {
  type: 'RenewalStarted',
  data: {
    customerId: 'c1',
    subscriptionType: 'elearning',
    period: '2027-11-26',
    onum: 100050,
    productId: 160,
    idempotencyKey: key,
    startedAt: NOW,
  },
};
const base = { customerId: 'c1', subscriptionType: 'elearning' as const, period: '2027-11-26', onum: 100050 };
const succeeded: RenewalSucceeded = { type: 'RenewalSucceeded', data: { ...base, renewedAt: NOW } };
const failed = (errors: string[]): RenewalFailed => ({
  type: 'RenewalFailed',
  data: { ...base, errors, failedAt: NOW },
});
const outcome = (o: RecordRenewalOutcome['outcome']): RecordRenewalOutcome => ({
  type: 'RecordRenewalOutcome',
  outcome: o,
  now: NOW,
});

describe('renewal: one per customer, subscription and period', () => {
  it('starts a renewal with its order number and key', () => given().when(start()).then(started));
  it('a second start (another node, a repeated run) appends nothing, whatever its order number', () =>
    given(started).when(start(100051)).then());
  it('a paid order records the success', () =>
    given(started)
      .when(outcome({ paid: true }))
      .then(succeeded));
  it('a decline records why', () =>
    given(started)
      .when(outcome({ paid: false, errors: ['Your card has expired.'] }))
      .then(failed(['Your card has expired.'])));
  it('a decline without a text records the general one', () =>
    given(started)
      .when(outcome({ paid: false, errors: [' '] }))
      .then(failed([RENEWAL_DECLINED_WITHOUT_TEXT])));
  it('the first outcome stands', () => {
    given(started, succeeded)
      .when(outcome({ paid: false, errors: ['x'] }))
      .then();
    given(started, failed(['x']))
      .when(outcome({ paid: true }))
      .then();
  });
  it('an ended renewal is not started again', () =>
    given(started, failed(['x']))
      .when(start())
      .then());
  it('no outcome without a start', () =>
    given()
      .when(outcome({ paid: true }))
      .thenFails('renewal_not_started'));
});

describe('renewals due: the latest expiry per type within the days before it', () => {
  const now = new Date(NOW);
  const held = (subscriptionType: string, expiresAt: string) => ({
    subscriptionType,
    startsAt: '2026-11-26T00:00:00.000Z',
    expiresAt,
  });

  it(`is due from ${RENEW_DAYS_BEFORE} days before the expiry`, () => {
    expect(dueRenewals([held('elearning', '2027-11-26T00:00:00.000Z')], now)).toEqual([
      { subscriptionType: 'elearning', period: '2027-11-26', expiresAt: '2027-11-26T00:00:00.000Z' },
    ]);
  });
  it('is not due earlier, nor once expired', () => {
    expect(dueRenewals([held('elearning', '2027-11-28T00:00:00.000Z')], now)).toEqual([]);
    expect(dueRenewals([held('elearning', '2027-11-19T00:00:00.000Z')], now)).toEqual([]);
  });
  it('a subscription already renewed (a later expiry) is not due', () => {
    const renewed = [held('qmpcomplete', '2027-11-25T00:00:00.000Z'), held('qmpcomplete', '2028-11-25T00:00:00.000Z')];
    expect(dueRenewals(renewed, now)).toEqual([]);
  });
  it('knows only the subscription types', () => {
    expect(dueRenewals([held('pulse', '2027-11-25T00:00:00.000Z')], now)).toEqual([]);
  });
});

describe('renewal: decided again before its charge', () => {
  const facts = (over: Partial<RenewalFacts> = {}): RenewalFacts => ({
    autorenew: true,
    cardOnFile: true,
    subscriptions: [{ subscriptionType: 'elearning', startsAt: NOW, expiresAt: '2027-11-26T00:00:00.000Z' }],
    subscriptionType: 'elearning',
    period: '2027-11-26',
    ...over,
  });
  const cancelled = (reason: string): RenewalCancelled => ({
    type: 'RenewalCancelled',
    data: { ...base, reason, cancelledAt: NOW },
  });
  const cancel = (reason: string): CancelRenewal => ({ type: 'CancelRenewal', reason, now: NOW });

  it('still wanted: auto-renew on, a card on file, the expiry it renews is the latest', () =>
    expect(renewalNoLongerWanted(facts())).toBeNull());
  it('auto-renew turned off meanwhile', () =>
    expect(renewalNoLongerWanted(facts({ autorenew: false }))).toBe(RENEWAL_NO_LONGER_WANTED.autoRenewOff));
  it('the card removed meanwhile', () =>
    expect(renewalNoLongerWanted(facts({ cardOnFile: false }))).toBe(RENEWAL_NO_LONGER_WANTED.noCard));
  it('renewed by hand meanwhile: a later expiry of the same subscription', () =>
    expect(
      renewalNoLongerWanted(
        facts({
          subscriptions: [
            ...facts().subscriptions,
            { subscriptionType: 'elearning', startsAt: NOW, expiresAt: '2028-11-26T00:00:00.000Z' },
          ],
        }),
      ),
    ).toBe(RENEWAL_NO_LONGER_WANTED.renewed));
  it('another subscription expiring later changes nothing', () =>
    expect(
      renewalNoLongerWanted(
        facts({
          subscriptions: [
            ...facts().subscriptions,
            { subscriptionType: 'qmpcomplete', startsAt: NOW, expiresAt: '2028-11-26T00:00:00.000Z' },
          ],
        }),
      ),
    ).toBeNull());
  it('refunded meanwhile: the subscription no longer runs', () =>
    expect(renewalNoLongerWanted(facts({ subscriptions: [] }))).toBe(RENEWAL_NO_LONGER_WANTED.ended));
  it('a started renewal is cancelled with its reason', () =>
    given(started)
      .when(cancel(RENEWAL_NO_LONGER_WANTED.autoRenewOff))
      .then(cancelled(RENEWAL_NO_LONGER_WANTED.autoRenewOff)));
  it('a cancelled renewal records no other outcome', () =>
    given(started, cancelled(RENEWAL_NO_LONGER_WANTED.renewed))
      .when(outcome({ paid: true }))
      .then());
  it('a renewal that ended is not cancelled', () =>
    given(started, succeeded).when(cancel(RENEWAL_NO_LONGER_WANTED.renewed)).then());
  it('a renewal never started cannot be cancelled', () =>
    given().when(cancel(RENEWAL_NO_LONGER_WANTED.renewed)).thenFails('renewal_not_started'));
});
