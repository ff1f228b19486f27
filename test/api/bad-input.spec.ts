import { randomUUID } from 'node:crypto';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { DECLINES } from '#libs/payments/decline-words.js';
import {
  addressMessages,
  NOT_US_STATE_REQUIRED,
  UNKNOWN_COUNTRY,
  UNKNOWN_STATE,
  US_STATE_REQUIRED,
  US_ZIP,
  AddressReferences,
  validateCheckoutAddresses,
} from '../../apps/api/checkout/contact-validation.js';
import {
  CARD_MONTH_MESSAGE,
  CARD_YEAR_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  EMAIL_INVALID_MESSAGE,
} from '../../apps/api/checkout/checkout.dto.js';
import { controlCharsMessage, invalidTextMessage, TOO_DEEP } from '../../apps/api/kernel/safe-text.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const NUL = '\u0000';

/**
 * Bad input answers 400 `{statusCode, error, message[]}` and never reaches the database or the
 * payment gateway (docs/conventions.md): NUL bytes and broken text anywhere, a pay request without
 * its contact, card expiries that cannot be read, a malformed email, and a state that is not one of
 * the country's (the reference lists of the catalog).
 */
describe('bad input', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const { call } = shopClient(() => shop.baseUrl);
  const guest = (): Caller => ({ cartId: randomUUID() });
  const contact = checkoutContact;
  const visa = SANDBOX_VISA;
  const pay = (who: Caller, body: Record<string, unknown>) =>
    call<PayResponse>(
      who,
      'POST',
      '/checkout/pay',
      { ATTJSON: contact(), BILLINGJSON: null, CARD: visa, SHIPPING: 1, TOTAL: 0, ...body },
      { 'idempotency-key': randomUUID() },
    );
  /** A visitor with a book in the cart and the TOTAL the server quotes for it (standard shipping to MO). */
  const cartWithBook = async (): Promise<{ who: Caller; TOTAL: number }> => {
    const who = guest();
    expect((await call(who, 'POST', '/cart/items', { PRODUCTID: 601, QTY: 1, FORMAT: 'BOOK' })).status).toBe(200);
    const quote = await call<Quote>(who, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 });
    expect(quote.status).toBe(200);
    return { who, TOTAL: quote.body.TOTAL };
  };
  /** Charges the sandbox gateway recorded (its table appears with its first charge). */
  const gatewayCharges = async (): Promise<number> => {
    const { rows } = await shop.shop.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'sandbox_gateway_charges'`,
    );
    if (rows[0]?.n !== 1) return 0;
    const counted = await shop.shop.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox_gateway_charges');
    return counted.rows[0]?.n ?? 0;
  };
  /** A raw call: the body exactly as given (JSON text), headers as given. */
  const raw = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${shop.baseUrl}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body }),
    });
    return { status: response.status, body: (await response.json()) as { message?: string[]; error?: string } };
  };
  /** The answer is a 400 in the error form, listing `messages` (among others when `exact` is false). */
  const expect400 = (
    result: { status: number; body: { error?: string; message?: string[]; statusCode?: number } },
    messages: string[],
    exact = true,
  ) => {
    expect(result.status).toBe(400);
    expect(result.body.statusCode).toBe(400);
    expect(result.body.error).toEqual(expect.any(String));
    if (exact) expect(result.body.message).toEqual(messages);
    else expect(result.body.message).toEqual(expect.arrayContaining(messages));
  };

  describe('a NUL byte answers 400, never 500', () => {
    it('in the coupon code', async () => {
      const who = guest();
      expect400(await call(who, 'POST', '/cart/coupon', { COUPON: `SAVE${NUL}10` }), [controlCharsMessage('COUPON')]);
    });

    it('in the product search', async () => {
      expect400(await raw('GET', `/products?search=${encodeURIComponent(`knee${NUL}`)}`), [
        controlCharsMessage('search'),
      ]);
    });

    it('in the login email', async () => {
      const result = await call({}, 'POST', '/auth/login', {
        email: `complete${NUL}@demo.test`,
        password: 'Demo-pass-2026',
        version: 5,
      });
      expect400(result, [controlCharsMessage('email')]);
    });

    it('in the registration', async () => {
      const result = await call({}, 'POST', '/users/register', {
        FIRSTNAME: `Ada${NUL}`,
        LASTNAME: 'Example',
        SPECIALTY: 'Plastic Surgery',
        EMAIL: `ada${NUL}@example.test`,
        PASSWORD: 'Secret-pass-1',
        autorenew: 1,
        agree: 1,
        VERSION: 5,
      });
      expect400(result, [controlCharsMessage('FIRSTNAME'), controlCharsMessage('EMAIL')]);
    });

    it('in an offer', async () => {
      expect400(await call(guest(), 'POST', '/offers', { OFFER: `cme${NUL}`, UID: `x${NUL}y` }), [
        controlCharsMessage('OFFER'),
        controlCharsMessage('UID'),
      ]);
    });

    it('in the contact fields of a payment, which never reaches the gateway', async () => {
      const before = await gatewayCharges();
      const result = await pay(guest(), {
        ATTJSON: contact({ CITY: `Spring${NUL}field`, PHONE: `555${NUL}` }),
        BILLINGJSON: { ADDRESS: `1 Main${NUL}`, CITY: 'Springfield', STATE: 'MO', ZIP: '65801', COUNTRY: 'USA' },
      });
      expect400(result, [
        controlCharsMessage('ATTJSON.CITY'),
        controlCharsMessage('ATTJSON.PHONE'),
        controlCharsMessage('BILLINGJSON.ADDRESS'),
      ]);
      expect(await gatewayCharges()).toBe(before);
    });

    it('in a path parameter and in a field name', async () => {
      const path = `/cart/items/${encodeURIComponent(`a${NUL}b`)}`;
      expect400(await raw('DELETE', path, undefined, { 'x-cart-id': randomUUID() }), [controlCharsMessage('key')]);
      expect((await call(guest(), 'POST', '/cart/coupon', { [`COUPON${NUL}`]: 'SAVE10' })).status).toBe(400);
    });

    it('other control characters and broken Unicode are refused too; tab and line breaks are text', async () => {
      expect400(await call(guest(), 'POST', '/cart/coupon', { COUPON: 'SAVE\u001b10' }), [
        controlCharsMessage('COUPON'),
      ]);
      expect400(await call(guest(), 'POST', '/cart/coupon', { COUPON: 'SAVE\ud80010' }), [
        invalidTextMessage('COUPON'),
      ]);
      const fine = await call<{ success: number }>(guest(), 'POST', '/cart/coupon', { COUPON: 'SAVE\t10\r\n' });
      expect(fine.status).toBe(200);
      expect(fine.body.success).toBe(0);
    });

    it('a body nested too deeply', async () => {
      const depth = 5000;
      const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const body = `{"COUPON":"SAVE10","deep":${deep}}`;
      expect400(await raw('POST', '/cart/coupon', body, { 'x-cart-id': randomUUID() }), [TOO_DEEP]);
    });
  });

  describe('checkout fields are checked against the spec and the reference lists', () => {
    it('a payment without ATTJSON answers 400', async () => {
      const { ATTJSON: _none, ...rest } = { ATTJSON: null, BILLINGJSON: null, CARD: visa, SHIPPING: 1, TOTAL: 100 };
      const result = await call(guest(), 'POST', '/checkout/pay', rest, { 'idempotency-key': randomUUID() });
      expect400(result, [CONTACT_REQUIRED_MESSAGE], false);
      expect400(await pay(guest(), { ATTJSON: [] }), [CONTACT_REQUIRED_MESSAGE], false);
    });

    it('card MONTH "ab" and YEAR "cd" answer 400 and never reach the gateway', async () => {
      const { who, TOTAL } = await cartWithBook();
      const before = await gatewayCharges();
      const result = await pay(who, { TOTAL, CARD: { ...visa, MONTH: 'ab', YEAR: 'cd' } });
      expect400(result, [CARD_MONTH_MESSAGE, CARD_YEAR_MESSAGE]);
      expect400(await pay(who, { TOTAL, CARD: { ...visa, MONTH: '13', YEAR: '30' } }), [
        CARD_MONTH_MESSAGE,
        CARD_YEAR_MESSAGE,
      ]);
      expect(await gatewayCharges()).toBe(before);
    });

    it('an empty card month gives only its "is required." message', async () => {
      expect400(await pay(guest(), { CARD: { ...visa, MONTH: '' } }), ['Card Month is required.']);
    });

    it('card YEAR 9999 is declined by the gateway, not approved', async () => {
      const { who, TOTAL } = await cartWithBook();
      const result = await pay(who, { TOTAL, CARD: { ...visa, YEAR: '9999' } });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ ONUM: null, ERRORS: [DECLINES.invalidYear], RECEIPTTOKEN: null });
    });

    it('EMAIL "not-an-email" answers 400', async () => {
      expect400(await pay(guest(), { ATTJSON: contact({ EMAIL: 'not-an-email' }) }), [EMAIL_INVALID_MESSAGE]);
    });

    it('STATE "ZZZZ" for the USA answers 400, before anything is charged', async () => {
      const { who, TOTAL } = await cartWithBook();
      const before = await gatewayCharges();
      expect400(await pay(who, { TOTAL, ATTJSON: contact({ STATE: 'ZZZZ' }) }), [UNKNOWN_STATE]);
      expect400(await pay(who, { TOTAL, ATTJSON: contact({ STATE: 'NOTUS' }) }), [US_STATE_REQUIRED]);
      expect400(await pay(who, { TOTAL, ATTJSON: contact({ COUNTRY: 'XYZ', STATE: 'NOTUS' }) }), [UNKNOWN_COUNTRY]);
      expect(await gatewayCharges()).toBe(before);
    });

    it('the address check reads the reference lists of the catalog', async () => {
      const reference = await shop.app.get(AddressReferences).current();
      const refused = (addresses: Parameters<typeof validateCheckoutAddresses>[1]): string[] => {
        try {
          validateCheckoutAddresses(reference, addresses);
          return [];
        } catch (error) {
          return (error as { getResponse(): { message: string[] } }).getResponse().message;
        }
      };
      expect(refused({ contact: { COUNTRY: 'USA', STATE: 'MO', ZIP: '65801' } })).toEqual([]);
      expect(refused({ contact: { COUNTRY: 'GBR', STATE: 'NOTUS', ZIP: 'SW1A 1AA' } })).toEqual([]);
      expect(
        refused({
          contact: { COUNTRY: 'USA', STATE: 'ZZZZ', ZIP: '65801' },
          billing: { COUNTRY: 'ZZZ', STATE: 'NOTUS', ZIP: '1' },
        }),
      ).toEqual([UNKNOWN_STATE, `Billing ${UNKNOWN_COUNTRY}`]);
    });

    it('the address rules, one by one', () => {
      const reference = {
        countries: new Set(['USA', 'CAN', 'PRI']),
        states: new Set(['NOTUS', 'MO', 'PR']),
      };
      expect(addressMessages({ COUNTRY: 'usa', STATE: 'mo', ZIP: '65801' }, reference)).toEqual([]);
      expect(addressMessages({ COUNTRY: 'USA', STATE: 'MO', ZIP: '65801-1234' }, reference)).toEqual([]);
      expect(addressMessages({ COUNTRY: 'CAN', STATE: 'NOTUS', ZIP: 'K1A 0B1' }, reference)).toEqual([]);
      expect(addressMessages({ COUNTRY: 'PRI', STATE: 'PR', ZIP: '00901' }, reference)).toEqual([]);
      expect(addressMessages({ COUNTRY: 'USA', STATE: 'ZZZZ', ZIP: '65801' }, reference)).toEqual([UNKNOWN_STATE]);
      expect(addressMessages({ COUNTRY: 'USA', STATE: 'NOTUS' }, reference)).toEqual([US_STATE_REQUIRED]);
      expect(addressMessages({ COUNTRY: 'CAN', STATE: 'MO' }, reference)).toEqual([NOT_US_STATE_REQUIRED]);
      expect(addressMessages({ COUNTRY: 'USA', STATE: 'MO', ZIP: 'abc' }, reference)).toEqual([US_ZIP]);
      expect(addressMessages({ COUNTRY: 'XYZ', STATE: 'MO' }, reference, 'Billing ')).toEqual([
        `Billing ${UNKNOWN_COUNTRY}`,
      ]);
    });
  });
});
