import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { PAYMENT_INTERRUPTED } from '#libs/payments/payment-gateway.js';
import { KEY_METADATA } from '#libs/payments/stripe-gateway.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { checkoutContact } from '../support/checkout-fixtures.js';
import { shopClient } from '../support/shop-client.js';
import { CARDS } from './gateway-contract.testing.js';

/**
 * Today's checkout, unchanged, paying through the Stripe adapter on localstripe (PAYMENT_GATEWAY=stripe,
 * STRIPE_API_BASE). The checkout still sends card details until the Stripe.js fields come, so this
 * shop sets the test-only STRIPE_ALLOW_RAW_CARDS.
 */
const localstripe = process.env.LOCALSTRIPE_URL;

if (localstripe) {
  describe('checkout with PAYMENT_GATEWAY=stripe (localstripe)', () => {
    let shop: TestApp;
    const stripe = new Stripe('sk_test_checkout', {
      host: new URL(localstripe).hostname,
      port: Number(new URL(localstripe).port),
      protocol: 'http',
    });
    beforeAll(async () => {
      shop = await createTestApp({
        seedDemo: true,
        env: {
          PAYMENT_GATEWAY: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_checkout',
          STRIPE_API_BASE: localstripe,
          STRIPE_ALLOW_RAW_CARDS: 'true',
        },
      });
    });
    afterAll(async () => {
      await shop?.close();
    });

    const { call } = shopClient(() => shop.baseUrl);
    const intentsWithKey = async (key: string): Promise<Stripe.PaymentIntent[]> => {
      const found: Stripe.PaymentIntent[] = [];
      for await (const intent of stripe.paymentIntents.list({ limit: 100 })) {
        if (intent.metadata?.[KEY_METADATA] === key) found.push(intent);
      }
      return found;
    };
    /** A guest buys the printed book 601 with this card; answers the quote's total and the pay answer. */
    const buyBook = async (number: string, key: string) => {
      const guest = { cartId: randomUUID() };
      expect((await call(guest, 'POST', '/cart/items', { QTY: 1, PRODUCTID: 601, FORMAT: 'BOOK' })).status).toBe(200);
      const quote = await call<Quote>(guest, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 });
      const paid = await call<PayResponse>(
        guest,
        'POST',
        '/checkout/pay',
        {
          ATTJSON: checkoutContact(),
          BILLINGJSON: null,
          CARD: { CC: number, MONTH: '12', YEAR: '2030', SC: '123' },
          SHIPPING: 1,
          TOTAL: quote.body.TOTAL,
        },
        { 'idempotency-key': key },
      );
      const cart = await call<{ items: unknown[] }>(guest, 'GET', '/cart');
      return { total: quote.body.TOTAL, paid, cartItems: cart.body.items.length };
    };

    it('pays a book: one PaymentIntent of the quoted total in cents, the order placed, the cart emptied', async () => {
      const key = randomUUID();
      const { total, paid, cartItems } = await buyBook(CARDS.good, key);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ ERRORS: [], ONUM: expect.stringMatching(/^\d+$/) });
      expect(cartItems).toBe(0);
      const intents = await intentsWithKey(key);
      expect(intents.map((i) => [i.amount, i.status])).toEqual([[total, 'succeeded']]);
    });

    it("declines 4000000000000341 with Stripe's reason; no order, the cart stays", async () => {
      const { paid, cartItems } = await buyBook(CARDS.declinedOnCharge, randomUUID());
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ ONUM: null, ERRORS: ['Your card was declined.'] });
      expect(cartItems).toBe(1);
    });

    it('ends a 3-D Secure card as interrupted until the browser step comes: the intent cancelled, nothing charged', async () => {
      // Today's checkout settles right after the charge, and nobody can finish the authentication.
      const key = randomUUID();
      const { paid, cartItems } = await buyBook(CARDS.authenticate, key);
      expect(paid.body).toMatchObject({ ONUM: null, ERRORS: [PAYMENT_INTERRUPTED] });
      expect(cartItems).toBe(1);
      expect((await intentsWithKey(key)).map((i) => i.status)).toEqual(['canceled']);
    });
  });
} else {
  // localstripe cannot run here: skipped, never passed (see scripts/localstripe.mjs).
  describe.skip('checkout with PAYMENT_GATEWAY=stripe (skipped: LOCALSTRIPE_URL is not set)', () => {
    it('pays through the Stripe gateway on localstripe', () => undefined);
  });
}
