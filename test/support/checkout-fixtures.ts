import { randomUUID } from 'node:crypto';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { ADA_ADDRESS } from './customer-fixtures.js';
import type { CallResult, Caller, shopClient } from './shop-client.js';

/**
 * The checkout contact and the sandbox card the API and crash tests pay with (signed-in section 3:
 * ATTJSON and CARD); docs/payments.md lists the test cards.
 */
export const checkoutContact = (over: Record<string, string> = {}) => ({
  ...ADA_ADDRESS,
  EMAIL: 'ada@example.test',
  ...over,
});

/** A card the sandbox gateway approves. */
export const SANDBOX_VISA = { CC: '4242424242424242', MONTH: '12', YEAR: '2030', SC: '123' } as const;

/**
 * A signed-in customer buys one product (Kansas, standard shipping, the sandbox Visa) giving a date of
 * birth at checkout, as a CME buyer does; answers the pay call's result.
 */
export async function buyWithDateOfBirth(
  call: ReturnType<typeof shopClient>['call'],
  customer: Caller,
  productId: number,
): Promise<CallResult<PayResponse>> {
  const added = await call(customer, 'POST', '/cart/items', { QTY: 1, PRODUCTID: productId });
  if (added.status !== 200) throw new Error(`adding ${productId} to the cart answered ${added.status}`);
  const { body: quote } = await call<Quote>(customer, 'POST', '/checkout/quote', {
    COUNTRY: 'USA',
    STATE: 'KS',
    SHIPPING: 1,
  });
  return call<PayResponse>(
    customer,
    'POST',
    '/checkout/pay',
    {
      ATTJSON: { ...checkoutContact({ STATE: 'KS' }), DOB: '03/04/1981' },
      BILLINGJSON: null,
      CARD: SANDBOX_VISA,
      SHIPPING: 1,
      TOTAL: quote.TOTAL,
    },
    { 'idempotency-key': randomUUID() },
  );
}

/**
 * SQL of the key a client sent, read from a table's `idempotency_key` (kept as `client:{scope}:{key}`,
 * libs/application/stored-answers.ts): `WHERE ${SENT_KEY} = $1` finds the rows of the key a test sent.
 */
export const SENT_KEY = "substring(idempotency_key from '^client:[a-z]+:[^:]+:(.*)$')";
