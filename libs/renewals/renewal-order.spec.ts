import { cmePackage, completePackage } from '#libs/domain/cart/cart.testing.js';
import { orderDecider } from '#libs/domain/order/order.decider.js';
import type { CustomerRow } from '#libs/read-models/customers.js';
import { renewalOrder } from './renewal-order.js';

const customer = (state: string): CustomerRow => ({
  customerId: 'c1',
  email: 'ada@example.test',
  firstname: 'Ada',
  lastname: 'Example',
  suffix: null,
  specialty: 'Plastic Surgery',
  status: 'Resident',
  phone: null,
  address: '1 Main St',
  address2: null,
  city: 'Springfield',
  state,
  zip: '65801',
  country: 'USA',
  autorenew: true,
  autorenewSubscriptions: {},
  validated: true,
});
const now = new Date('2027-11-19T10:00:00.000Z');

describe('the order of an automatic renewal', () => {
  it('is one year at 10% off, as the toast offers it, and the order decider accepts its total', () => {
    const command = renewalOrder({
      onum: 100050,
      customer: customer('KS'),
      subscriptionType: 'qmpcomplete',
      product: completePackage,
      roles: [],
      now,
    });
    expect(command?.lines).toEqual([
      {
        PRODUCTID: 130,
        PRODUCTNAME: 'Complete',
        TYPE: 'qmpcomplete',
        UNITPRICE: 157500,
        QTY: 1,
        TERM: 1,
        OFFER: { OFFER: 'renewal', UID: 'renewal-qmpcomplete-1' },
      },
    ]);
    expect(command).toMatchObject({ customerId: 'c1', cartId: null, clientTotal: 157500, today: '2027-11-19' });
    const [placed] = orderDecider.decide(command!, orderDecider.initialState);
    expect(placed).toMatchObject({ type: 'OrderPlaced', data: { TOTAL: 157500, SHIPCOST: 0 } });
  });

  it('carries the sales tax of the customer state, as a checkout would', () => {
    const command = renewalOrder({
      onum: 100051,
      customer: customer('MO'),
      subscriptionType: 'qmpcomplete',
      product: completePackage,
      roles: [],
      now,
    });
    const [placed] = orderDecider.decide(command!, orderDecider.initialState);
    expect(placed).toMatchObject({ data: { TAX: 12975, TOTAL: 157500 + 12975 } });
  });

  it('a cme renewal is one package, not a yearly term', () => {
    const command = renewalOrder({
      onum: 100052,
      customer: customer('KS'),
      subscriptionType: 'cme',
      product: cmePackage,
      roles: ['complete'],
      now,
    });
    expect(command?.lines[0]).toMatchObject({ TYPE: 'cme', UNITPRICE: 36000, QTY: 1, TERM: null });
  });
});
