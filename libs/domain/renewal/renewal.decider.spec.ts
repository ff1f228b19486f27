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
  type AutoRenewSettings,
  autoRenews,
  chargeDay,
  dueRenewals,
  RENEW_DAYS_BEFORE,
  RENEWAL_NO_LONGER_WANTED,
  renewalDay,
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

/** Auto-renew on for the whole account, no subscription chosen on its own. */
const ACCOUNT_ON: AutoRenewSettings = { account: true, subscriptions: {} };

describe('renewals due: the latest expiry per type within the days before it', () => {
  const now = new Date(NOW);
  const dueRenewalsAt = (held: Parameters<typeof dueRenewals>[0], at: Date) => dueRenewals(held, at, ACCOUNT_ON);
  const held = (subscriptionType: string, expiresAt: string) => ({
    subscriptionType,
    startsAt: '2026-11-26T00:00:00.000Z',
    expiresAt,
  });

  it(`is due from ${RENEW_DAYS_BEFORE} days before the expiry`, () => {
    expect(dueRenewalsAt([held('elearning', '2027-11-26T00:00:00.000Z')], now)).toEqual([
      { subscriptionType: 'elearning', period: '2027-11-26', expiresAt: '2027-11-26T00:00:00.000Z' },
    ]);
  });
  it('is not due earlier, nor once expired', () => {
    expect(dueRenewalsAt([held('elearning', '2027-11-28T00:00:00.000Z')], now)).toEqual([]);
    expect(dueRenewalsAt([held('elearning', '2027-11-19T00:00:00.000Z')], now)).toEqual([]);
  });
  it('a subscription already renewed (a later expiry) is not due', () => {
    const renewed = [held('qmpcomplete', '2027-11-25T00:00:00.000Z'), held('qmpcomplete', '2028-11-25T00:00:00.000Z')];
    expect(dueRenewalsAt(renewed, now)).toEqual([]);
  });
  it("a subscription whose auto-renew is off is not due, while another of the customer's is", () => {
    const both = [held('elearning', '2027-11-26T00:00:00.000Z'), held('qmpcomplete', '2027-11-25T00:00:00.000Z')];
    const elearningOff: AutoRenewSettings = { account: true, subscriptions: { elearning: false } };
    expect(dueRenewals(both, now, elearningOff).map((d) => d.subscriptionType)).toEqual(['qmpcomplete']);
    const onlyElearning: AutoRenewSettings = { account: false, subscriptions: { elearning: true } };
    expect(dueRenewals(both, now, onlyElearning).map((d) => d.subscriptionType)).toEqual(['elearning']);
    expect(dueRenewals(both, now, { account: false, subscriptions: {} })).toEqual([]);
  });
  it('knows only the subscription types', () => {
    expect(dueRenewalsAt([held('pulse', '2027-11-25T00:00:00.000Z')], now)).toEqual([]);
  });
});

describe("auto-renew per subscription: its own choice, else the account's setting", () => {
  it('a subscription without a choice of its own follows the account', () => {
    expect(autoRenews({ account: true, subscriptions: {} }, 'cme')).toBe(true);
    expect(autoRenews({ account: false, subscriptions: {} }, 'cme')).toBe(false);
  });
  it("a subscription's own choice wins over the account's setting, either way", () => {
    expect(autoRenews({ account: true, subscriptions: { cme: false } }, 'cme')).toBe(false);
    expect(autoRenews({ account: false, subscriptions: { cme: true } }, 'cme')).toBe(true);
    expect(autoRenews({ account: false, subscriptions: { cme: true } }, 'elearning')).toBe(false);
  });
  it(`the renewal is charged ${RENEW_DAYS_BEFORE} days before the expiry (the day it becomes due)`, () => {
    expect(renewalDay('2027-11-26T00:00:00.000Z')).toBe('2027-11-19');
    expect(renewalDay('2027-12-31T23:59:59.999Z')).toBe('2027-12-24');
    const due = new Date(`${renewalDay('2027-11-26T00:00:00.000Z')}T00:00:00.000Z`);
    const held = [{ subscriptionType: 'elearning', startsAt: NOW, expiresAt: '2027-11-26T00:00:00.000Z' }];
    expect(dueRenewals(held, due, ACCOUNT_ON)).toHaveLength(1);
    expect(dueRenewals(held, new Date(due.getTime() - 1), ACCOUNT_ON)).toEqual([]);
  });
  it('once that day has passed, the renewal is charged today (at the next pass)', () => {
    expect(chargeDay('2027-11-26T00:00:00.000Z', new Date('2027-11-01T10:00:00.000Z'))).toBe('2027-11-19');
    expect(chargeDay('2027-11-26T00:00:00.000Z', new Date('2027-11-22T10:00:00.000Z'))).toBe('2027-11-22');
  });
});

describe('renewal: decided again before its charge', () => {
  const facts = (over: Partial<RenewalFacts> = {}): RenewalFacts => ({
    autorenew: ACCOUNT_ON,
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
    expect(renewalNoLongerWanted(facts({ autorenew: { account: false, subscriptions: {} } }))).toBe(
      RENEWAL_NO_LONGER_WANTED.autoRenewOff,
    ));
  it("auto-renew turned off meanwhile for this subscription alone (the account's setting still on)", () =>
    expect(renewalNoLongerWanted(facts({ autorenew: { account: true, subscriptions: { elearning: false } } }))).toBe(
      RENEWAL_NO_LONGER_WANTED.autoRenewOff,
    ));
  it('auto-renew on for this subscription alone (the account off), or off for another one: still wanted', () => {
    expect(
      renewalNoLongerWanted(facts({ autorenew: { account: false, subscriptions: { elearning: true } } })),
    ).toBeNull();
    expect(renewalNoLongerWanted(facts({ autorenew: { account: true, subscriptions: { cme: false } } }))).toBeNull();
  });
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
