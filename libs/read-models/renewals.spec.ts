import { projectInto, readModelDatabase } from './identity-projection.testing.js';
import { failedRenewalsOf, renewalsOf, renewalsReadModel } from './renewals.js';

const base = { customerId: 'c1', subscriptionType: 'elearning', period: '2027-11-26', onum: 100050 };
const started = (over: Partial<typeof base> = {}) => ({
  type: 'RenewalStarted',
  data: { ...base, ...over, productId: 160, idempotencyKey: 'k', startedAt: '2027-11-19T10:00:00.000Z' },
});

describe('renewals read model', () => {
  const db = readModelDatabase(renewalsReadModel);

  it('given a start and a success, holds one succeeded renewal', async () => {
    await projectInto(db.pool, renewalsReadModel, [
      started(),
      started(), // a repeat changes nothing
      { type: 'RenewalSucceeded', data: { ...base, renewedAt: '2027-11-19T10:00:01.000Z' } },
    ]);
    expect(await renewalsOf(db.pool, 'c1')).toEqual([{ ...base, status: 'succeeded', errors: [] }]);
    expect(await failedRenewalsOf(db.pool, 'c1', '2027-11-19')).toEqual([]);
  });

  it('given a failure, lists it with its reasons until its period has passed', async () => {
    await projectInto(db.pool, renewalsReadModel, [
      started({ subscriptionType: 'qmpcomplete' }),
      started({ customerId: 'c2' }),
      {
        type: 'RenewalFailed',
        data: {
          ...base,
          subscriptionType: 'qmpcomplete',
          errors: ['Your card has expired.'],
          failedAt: '2027-11-19T10:00:01.000Z',
        },
      },
    ]);
    const failed = { ...base, subscriptionType: 'qmpcomplete', status: 'failed', errors: ['Your card has expired.'] };
    expect(await failedRenewalsOf(db.pool, 'c1', '2027-11-26')).toEqual([failed]);
    expect(await failedRenewalsOf(db.pool, 'c1', '2027-11-27')).toEqual([]);
    expect(await renewalsOf(db.pool, 'c2')).toEqual([{ ...base, customerId: 'c2', status: 'started', errors: [] }]);
  });
});
