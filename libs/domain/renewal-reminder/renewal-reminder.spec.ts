import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { type IssueRenewalReminder, renewalReminderDecider } from './renewal-reminder.decider.js';
import type { RenewalReminderIssued } from './renewal-reminder.events.js';
import { dueReminders } from './renewal-reminder.rules.js';

const given = givenWhenThen(renewalReminderDecider);
const NOW = '2027-10-01T10:00:00.000Z';
const facts = {
  customerId: 'c1',
  subscriptionType: 'qmpcomplete' as const,
  period: '2027-11-07',
  chargeOn: '2027-10-31',
  amountCents: 47156,
  productId: 150,
  productName: 'QMP Complete',
  card: { brand: 'Visa', last4: '4242' },
};
const issue = (over: Partial<IssueRenewalReminder> = {}): IssueRenewalReminder => ({
  type: 'IssueRenewalReminder',
  ...facts,
  now: NOW,
  ...over,
});
const issued: RenewalReminderIssued = { type: 'RenewalReminderIssued', data: { ...facts, issuedAt: NOW } };

describe('renewal reminder: one per subscription and period', () => {
  it('reminds with the amount, the day of the charge and the card', () => given().when(issue()).then(issued));
  it('a second reminder (another node, a later pass) appends nothing, whatever it says', () =>
    given(issued)
      .when(issue({ amountCents: 1, now: '2027-10-02T10:00:00.000Z' }))
      .then());
});

describe('which renewals to remind of', () => {
  const sub = (subscriptionType: string, expiresAt: string) => ({
    subscriptionType,
    startsAt: '2026-11-07T00:00:00.000Z',
    expiresAt,
  });
  const at = (iso: string) => new Date(iso);

  it('30 days before the charge (7 days before the expiry), not a day earlier', () => {
    const held = [sub('qmpcomplete', '2027-11-07T00:00:00.000Z')];
    expect(dueReminders(held, at('2027-09-30T23:59:59.000Z'), 30)).toEqual([]);
    expect(dueReminders(held, at('2027-10-01T00:00:00.000Z'), 30)).toEqual([
      { subscriptionType: 'qmpcomplete', period: '2027-11-07', chargeOn: '2027-10-31' },
    ]);
  });
  it('a late pass still reminds while the charge is ahead; none once it is due', () => {
    const held = [sub('elearning', '2027-11-07T00:00:00.000Z')];
    expect(dueReminders(held, at('2027-10-30T23:00:00.000Z'), 30)).toHaveLength(1);
    expect(dueReminders(held, at('2027-10-31T00:00:00.000Z'), 30)).toEqual([]);
  });
  it('the setting moves the window (15 to 45 days)', () => {
    const held = [sub('cme', '2027-11-07T00:00:00.000Z')];
    expect(dueReminders(held, at('2027-10-15T00:00:00.000Z'), 15)).toEqual([]);
    expect(dueReminders(held, at('2027-10-16T00:00:00.000Z'), 15)).toHaveLength(1);
    expect(dueReminders(held, at('2027-09-16T00:00:00.000Z'), 45)).toHaveLength(1);
  });
  it('only the latest expiry of a type counts (one renewed already expires later); unknown types are ignored', () => {
    const held = [
      sub('qmpcomplete', '2027-11-07T00:00:00.000Z'),
      sub('qmpcomplete', '2028-11-07T00:00:00.000Z'),
      sub('pulse', '2027-11-07T00:00:00.000Z'),
    ];
    expect(dueReminders(held, at('2027-10-10T00:00:00.000Z'), 30)).toEqual([]);
  });
});
