import { FixedClock } from '#libs/application/clock.js';
import { chargeFingerprint, PAYMENT_INTERRUPTED } from '#libs/payments/payment-gateway.js';
import { SandboxGateway } from '#libs/payments/sandbox-gateway.js';
import { pgSandboxStore } from '#libs/payments/sandbox-gateway-store.js';
import {
  KEY_METADATA,
  NOTHING_CHARGED,
  StripeGateway,
  type StripeGatewayOptions,
} from '#libs/payments/stripe-gateway.js';
import { pgStripeGatewayStore } from '#libs/payments/stripe-gateway-store.js';
import { STRIPE_TEXTS } from '#libs/payments/stripe-support.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { CARDS, expiry, freshKey, gatewayContract } from './gateway-contract.testing.js';
import { intentsWithKey, stripeApi } from './stripe-shop.testing.js';

/**
 * One contract for the PaymentGateway port, held by the sandbox and by the Stripe adapter against
 * localstripe (LOCALSTRIPE_URL, started by `npm test` through scripts/localstripe.mjs). Where
 * localstripe differs from Stripe, the case says so; the adapter relies on none of it.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

// The sandbox reads expiries on the shop's clock: a fixed day, so 12/2030 stays in the future.
const clock = new FixedClock(new Date('2026-11-26T10:00:00Z'));

gatewayContract(
  'sandbox',
  () => {
    const gateway = new SandboxGateway(pgSandboxStore(db.pool), clock);
    return Promise.resolve({
      gateway,
      restarted: () => new SandboxGateway(pgSandboxStore(db.pool), clock),
      sourceOf: (number: string) => Promise.resolve({ card: { number, ...expiry, cvc: '123' } }),
    });
  },
  { noAuthentication: 'the sandbox has no browser step to authenticate in: Stripe only' },
);

const localstripe = process.env.LOCALSTRIPE_URL;
const SECRET_KEY = 'sk_test_contract';
const PUBLISHABLE_KEY = 'pk_test_contract';

if (localstripe) {
  const stripe = stripeApi(localstripe, SECRET_KEY);
  const options = (allowRawCards: boolean): StripeGatewayOptions => ({
    secretKey: SECRET_KEY,
    apiBase: localstripe,
    currency: 'usd',
    allowRawCards,
    standIn: true,
    searchLagMs: 0,
  });
  // The port's tokenize takes card details: allowed here (tests only), as Stripe.js would make them.
  const open = (allowRawCards = true) => new StripeGateway(pgStripeGatewayStore(db.pool), options(allowRawCards));

  /**
   * A payment method as Stripe.js makes it in the browser (POST /v1/payment_methods); our server only
   * gets its id. localstripe wants the secret key for this call; Stripe.js uses the publishable key.
   */
  const paymentMethodOf = async (number: string): Promise<string> => {
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number, exp_month: expiry.month, exp_year: expiry.year, cvc: '123' },
    });
    return pm.id;
  };

  /** Intents made with a key (a Stripe search; localstripe has none: listed). */
  const intentsOf = (key: string) => intentsWithKey(stripe, key);

  gatewayContract(
    'Stripe (localstripe)',
    () =>
      Promise.resolve({
        gateway: open(),
        restarted: () => open(),
        sourceOf: async (number: string) => ({ paymentMethodId: await paymentMethodOf(number) }),
        // localstripe does NOT honour Idempotency-Key (two creates, two intents): this counts what the
        // adapter's own table let through.
        chargesWithKey: async (key: string) =>
          (await intentsOf(key)).filter((intent) => intent.status !== 'canceled').length,
      }),
    {
      // What the holder's bank page does through Stripe.js; localstripe's mock of Stripe.js calls this
      // endpoint of its own (with the publishable key), Stripe's real page has no such API.
      authenticate: async ({ reference, clientSecret }: { reference: string; clientSecret: string }) => {
        const body = new URLSearchParams({ client_secret: clientSecret, success: 'true', key: PUBLISHABLE_KEY });
        const r = await fetch(`${localstripe}/v1/payment_intents/${reference}/_authenticate`, { method: 'POST', body });
        expect(r.status).toBe(200);
      },
    },
  );

  describe('Stripe gateway: what only Stripe does', () => {
    it('refuses typed card numbers unless the test-only setting allows them, and asks Stripe nothing', async () => {
      const key = freshKey('raw');
      const gateway = open(false);
      const charged = await gateway.charge({
        card: { number: CARDS.good, ...expiry, cvc: '123' },
        amountCents: 100,
        idempotencyKey: key,
      });
      expect(charged).toEqual({ approved: false, errors: [STRIPE_TEXTS.rawCard] });
      expect(await gateway.tokenize({ number: CARDS.good, ...expiry, cvc: '123' })).toEqual({
        approved: false,
        errors: [STRIPE_TEXTS.rawCard],
      });
      expect(await intentsOf(key)).toEqual([]);
    });

    it('keeps the key, the order number and the amount in cents on the PaymentIntent', async () => {
      const key = freshKey('metadata');
      const gateway = open();
      const paid = await gateway.charge({
        paymentMethodId: await paymentMethodOf(CARDS.good),
        amountCents: 12_345,
        idempotencyKey: key,
        orderNumber: 100_321,
      });
      expect(paid.approved).toBe(true);
      const [intent] = await intentsOf(key);
      expect(intent).toMatchObject({ amount: 12_345, currency: 'usd', status: 'succeeded' });
      expect(intent?.metadata).toEqual({ [KEY_METADATA]: key, order_number: '100321' });
    });

    it('approves a zero-cent order without an intent (Stripe takes none), keeps the card when asked, refunds nothing', async () => {
      const key = freshKey('zero');
      const gateway = open();
      const paid = await gateway.charge({
        paymentMethodId: await paymentMethodOf(CARDS.good),
        amountCents: 0,
        idempotencyKey: key,
        saveCard: true,
      });
      expect(paid).toMatchObject({
        approved: true,
        reference: expect.stringMatching(new RegExp(`^${NOTHING_CHARGED}pm_`)),
        last4: '4242',
        token: expect.stringMatching(/^cus_\w+\|pm_\w+$/),
      });
      expect(await intentsOf(key)).toEqual([]);
      expect(await gateway.settle(key)).toEqual(paid);
      const refund = await gateway.refund({
        chargeReference: (paid as { reference: string }).reference,
        amountCents: 1,
        idempotencyKey: freshKey('zero-refund'),
        reason: 'test',
      });
      expect(refund).toEqual({ refunded: false, errors: [STRIPE_TEXTS.noCharge] });
      expect(
        await gateway.charge({ paymentMethodId: 'pm_x', amountCents: -1, idempotencyKey: freshKey('neg') }),
      ).toEqual({ approved: false, errors: [STRIPE_TEXTS.amount] });
    });

    it('settles a key whose process died inside the create call: the intent is found by the key in its metadata', async () => {
      const key = freshKey('crash-inside');
      const store = pgStripeGatewayStore(db.pool);
      const asked = { paymentMethodId: await paymentMethodOf(CARDS.good), amountCents: 7_000, idempotencyKey: key };
      // The claim was taken, Stripe made and confirmed the intent, and the process died before it kept the id.
      expect(await store.claimCharge(key, 7_000, chargeFingerprint(asked, 'usd'))).toBe(true);
      const intent = await stripe.paymentIntents.create({
        amount: 7_000,
        currency: 'usd',
        payment_method: asked.paymentMethodId,
        confirm: true,
        metadata: { [KEY_METADATA]: key },
      });
      const settled = await open().settle(key);
      expect(settled).toMatchObject({ approved: true, reference: intent.id, last4: '4242' });
      // The answer stands: a late press of the key gets it and charges nothing more.
      const late = await open().charge(asked);
      expect(late).toEqual(settled);
      expect(await intentsOf(key)).toHaveLength(1);
    });

    it("settles a young claimed key without an intent later, as Stripe's search may lag; then voids it", async () => {
      const key = freshKey('search-lag');
      expect(await pgStripeGatewayStore(db.pool).claimCharge(key, 7_000, 'fingerprint')).toBe(true);
      const lagging = new StripeGateway(pgStripeGatewayStore(db.pool), { ...options(true), searchLagMs: 500 });
      await expect(lagging.settle(key)).rejects.toThrow(STRIPE_TEXTS.settleLater);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await lagging.settle(key)).toEqual({ approved: false, errors: [PAYMENT_INTERRUPTED] });
    });

    it('settles a claimed key Stripe never saw: voided, interrupted', async () => {
      const key = freshKey('crash-before-create');
      expect(await pgStripeGatewayStore(db.pool).claimCharge(key, 7_000, 'fingerprint')).toBe(true);
      expect(await open().settle(key)).toEqual({ approved: false, errors: [PAYMENT_INTERRUPTED] });
    });
  });
} else {
  // localstripe cannot run here (no python3 with venv, or no PyPI): the Stripe half is skipped, never passed.
  describe.skip('PaymentGateway contract: Stripe (skipped: LOCALSTRIPE_URL is not set, see scripts/localstripe.mjs)', () => {
    it('runs the payment gateway contract against Stripe (localstripe)', () => undefined);
  });
}
