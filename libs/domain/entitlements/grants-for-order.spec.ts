import type { OrderLine } from '../order/order.events.js';
import {
  type CurrentExpiries,
  type EntitlementGrant,
  addYears,
  expiriesAfterOrder,
  grantsForPaidOrder,
  latestExpiries,
} from './grants-for-order.js';

const today = '2026-06-15';
const startsAt = '2026-06-15T00:00:00.000Z';
const source = 'order:100234';
const line = (PRODUCTID: number, TYPE: string, QTY = 1, TERM: OrderLine['TERM'] = null): OrderLine => ({
  PRODUCTID,
  PRODUCTNAME: `Product ${PRODUCTID}`,
  TYPE,
  UNITPRICE: 1000,
  QTY,
  TERM,
  OFFER: null,
  AMOUNT: 1000 * QTY,
  DISCOUNT: 0,
  TAX: 0,
  SHIPPING: 0,
  TOTAL: 1000 * QTY,
});
const paid = (...lines: OrderLine[]) => ({ onum: 100234, customerId: 'c1', lines });
const subscription = (subscriptionType: string, expiresAt: string): EntitlementGrant =>
  ({ type: 'GrantSubscription', customerId: 'c1', subscriptionType, startsAt, expiresAt, source }) as EntitlementGrant;
const access = (productId: number, productType: string): EntitlementGrant => ({
  type: 'GrantProductAccess',
  customerId: 'c1',
  productId,
  productType,
  source,
});

describe('grants for a paid order', () => {
  it.each<[string, OrderLine[], CurrentExpiries, EntitlementGrant[]]>([
    [
      'Complete for 1 year from today',
      [line(130, 'qmpcomplete', 1, 1)],
      {},
      [subscription('qmpcomplete', '2027-06-15T00:00:00.000Z')],
    ],
    [
      'Complete for 3 years from today',
      [line(130, 'qmpcomplete', 3, 3)],
      {},
      [subscription('qmpcomplete', '2029-06-15T00:00:00.000Z')],
    ],
    [
      'a renewal extends from a future expiry (Complete expiring in 20 days, 2 more years)',
      [line(130, 'qmpcomplete', 2, 2)],
      { qmpcomplete: '2026-07-05T00:00:00.000Z' },
      [subscription('qmpcomplete', '2028-07-05T00:00:00.000Z')],
    ],
    [
      'an expired subscription starts again from today',
      [line(140, 'elearning', 1, 1)],
      { elearning: '2025-01-01T00:00:00.000Z' },
      [subscription('elearning', '2027-06-15T00:00:00.000Z')],
    ],
    [
      'STREAMING_ALL grants streaming_all',
      [line(145, 'STREAMING_ALL', 1, 1)],
      { qmpcomplete: '2030-01-01T00:00:00.000Z' },
      [subscription('streaming_all', '2027-06-15T00:00:00.000Z')],
    ],
    [
      'cme for the current calendar year, expiring Dec 31',
      [line(155, 'cme')],
      {},
      [subscription('cme', '2026-12-31T23:59:59.999Z')],
    ],
    [
      'a renewal of a running cme subscription buys the year after it',
      [{ ...line(155, 'cme'), OFFER: { OFFER: 'renewal', UID: 'renewal-cme-1' } }],
      { cme: '2026-12-31T23:59:59.999Z' },
      [subscription('cme', '2027-12-31T23:59:59.999Z')],
    ],
    [
      'a renewal of a cme subscription that has ended buys the current year',
      [{ ...line(155, 'cme'), OFFER: { OFFER: 'renewal', UID: 'renewal-cme-1' } }],
      { cme: '2025-12-31T23:59:59.999Z' },
      [subscription('cme', '2026-12-31T23:59:59.999Z')],
    ],
    [
      'product access for STREAMING and BOTH lines, iflap access for the app',
      [line(215, 'STREAMING'), line(301, 'BOTH'), line(399, 'iflap')],
      {},
      [access(215, 'STREAMING'), access(301, 'BOTH'), access(399, 'iflap')],
    ],
    [
      'nothing for books, events and pulse',
      [line(302, 'BOOK', 2), line(520, 'event'), line(160, 'pulse', 1, 1)],
      {},
      [],
    ],
  ])('%s', (_title, lines, expiries, grants) => {
    expect(grantsForPaidOrder(paid(...lines), expiries, today)).toEqual(grants);
  });

  it('a guest order grants nothing', () => {
    expect(grantsForPaidOrder({ ...paid(line(215, 'STREAMING')), customerId: null }, {}, today)).toEqual([]);
  });

  it('a year after Feb 29 is Feb 28', () => {
    expect(addYears('2028-02-29T00:00:00.000Z', 1)).toBe('2029-02-28T00:00:00.000Z');
    expect(addYears('2028-02-29T00:00:00.000Z', 4)).toBe('2032-02-29T00:00:00.000Z');
  });
});

describe('the expiries the pay screen states: what the order reaches once paid today', () => {
  it('the latest expiry per subscription held, other types left out', () =>
    expect(
      latestExpiries([
        { subscriptionType: 'elearning', expiresAt: '2026-09-01T00:00:00.000Z' },
        { subscriptionType: 'elearning', expiresAt: '2027-09-01T00:00:00.000Z' },
        { subscriptionType: 'elearning', expiresAt: '2026-10-01T00:00:00.000Z' },
        { subscriptionType: 'pulse', expiresAt: '2030-01-01T00:00:00.000Z' },
      ]),
    ).toEqual({ elearning: '2027-09-01T00:00:00.000Z' }));

  it('a new subscription a term from today, a running one extended from its expiry, cme to Dec 31; no books', () =>
    expect(
      expiriesAfterOrder(
        [line(130, 'qmpcomplete', 2, 2), line(140, 'elearning', 1, 1), line(155, 'cme'), line(601, 'BOOK')],
        { elearning: '2026-09-01T00:00:00.000Z' },
        today,
      ),
    ).toEqual({
      qmpcomplete: '2028-06-15T00:00:00.000Z',
      elearning: '2027-09-01T00:00:00.000Z',
      cme: '2026-12-31T23:59:59.999Z',
    }));
});
