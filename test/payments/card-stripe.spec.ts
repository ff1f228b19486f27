import { CommandBus } from '@nestjs/cqrs';
import type Stripe from 'stripe';
import { Clock } from '#libs/application/clock.js';
import type { CardOnFile, PaymentsConfig } from '#libs/contracts/cart.js';
import { RENEW_DAYS_BEFORE } from '#libs/domain/renewal/renewal.rules.js';
import { STRIPE_TEXTS } from '#libs/payments/stripe-support.js';
import { renewalsOf } from '#libs/read-models/renewals.js';
import { GrantEntitlementCommand } from '../../apps/api/entitlements/index.js';
import { RequestContext, SYSTEM } from '../../apps/api/kernel/request-context.js';
import { RenewalSchedule } from '../../apps/api/renewals/renewal-schedule.js';
import { useTestShop } from '../support/app.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import { outboxValidationLink, registerAndValidate } from '../support/customer-fixtures.js';
import { type Caller, shopClient } from '../support/shop-client.js';
import { CARDS } from './gateway-contract.testing.js';
import { useStripeShop } from './stripe-shop.testing.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const localstripe = process.env.LOCALSTRIPE_URL;

describe('payments config and card setup with the sandbox', () => {
  const shop = useTestShop();
  const { call } = shopClient(() => shop.baseUrl);

  it("shows the shop's own card fields: GATEWAY sandbox, no Stripe, no card setup (404), a CSP of the shop's origin only", async () => {
    const config = await call<PaymentsConfig>({}, 'GET', '/payments/config');
    expect(config.body).toEqual({ GATEWAY: 'sandbox', STRIPE: null });
    const csp = (await fetch(`${shop.baseUrl}/payments/config`)).headers.get('content-security-policy');
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('stripe');
    expect((await call({}, 'POST', '/payments/card-setup', {})).status).toBe(404);
  });
});

/**
 * The Card tab, the payments config and the card setup with PAYMENT_GATEWAY=stripe on localstripe; and a
 * renewal whose card asks for 3-D Secure off-session.
 */
if (localstripe) {
  describe('card fields with PAYMENT_GATEWAY=stripe (localstripe)', () => {
    const { shop, stripe, publishableKey, call, loginAs, paymentMethodOf } = useStripeShop(localstripe, 'cardtab', {
      RENEWALS_EVERY_MINUTES: '0',
    });
    const setUp = paymentMethodOf;

    it("tells the browser to load the stand-in's Stripe.js with the publishable key, and lets it in through the CSP", async () => {
      const config = await call<PaymentsConfig>({}, 'GET', '/payments/config');
      const origin = new URL(localstripe).origin;
      expect(config.body).toEqual({
        GATEWAY: 'stripe',
        STRIPE: { PUBLISHABLEKEY: publishableKey, JSURL: `${origin}/js.stripe.com/v3/` },
      });
      const csp = (await fetch(`${shop.baseUrl}/payments/config`)).headers.get('content-security-policy');
      expect(csp).toContain(`script-src 'self' ${origin}`);
      expect(csp).toContain(`connect-src 'self' ${origin}`);
    });

    it('a card setup is a SetupIntent: off-session for a signed-in customer, on-session for a visitor', async () => {
      const who = { token: (await loginAs('reader@demo.test')).token };
      const intentOf = async (caller: Caller, body: object = {}) => {
        const answer = await call<{ CLIENTSECRET: string }>(caller, 'POST', '/payments/card-setup', body);
        return stripe.setupIntents.retrieve(/^(seti_\w+?)_secret_/.exec(answer.body.CLIENTSECRET)![1]!);
      };
      expect((await intentOf(who)).usage).toBe('off_session');
      expect((await intentOf(who, { SAVE_CARD: true })).usage).toBe('off_session');
      expect((await intentOf({})).usage).toBe('on_session');
      // The pay screen's card not to be kept: for this payment only, also when signed in.
      expect((await intentOf(who, { SAVE_CARD: false })).usage).toBe('on_session');
      const refused = await call(who, 'POST', '/payments/card-setup', { SAVE_CARD: 'no' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual(['SAVE_CARD must be true or false.']);
    });

    it('the Card tab keeps the payment method Stripe.js made, refuses a typed card and bad ids', async () => {
      const who = { token: (await loginAs('learner@demo.test')).token };
      const saved = await call<{ data: CardOnFile }>(who, 'PUT', '/account/card', {
        PAYMENTMETHOD: await setUp(who, '5555555555554444'),
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual({ BRAND: 'Visa', LAST4: '4444', MONTH: '12', YEAR: '2030' });
      expect((await call<{ data: CardOnFile }>(who, 'GET', '/card')).body.data).toMatchObject({ LAST4: '4444' });

      const both = await call(who, 'PUT', '/account/card', {
        PAYMENTMETHOD: 'pm_x',
        pay: { CC: '4242424242424242', MONTH: '12', YEAR: '2030', SC: '123' },
      });
      expect(both.status).toBe(400);
      expect(JSON.stringify(both.body)).toContain('Give either pay or PAYMENTMETHOD, not both.');
      expect((await call(who, 'PUT', '/account/card', {})).status).toBe(400);
      expect((await call(who, 'PUT', '/account/card', { PAYMENTMETHOD: 'card_1' })).status).toBe(400);
      // A typed card is not taken: Stripe's fields only (STRIPE_ALLOW_RAW_CARDS is off).
      const typed = await call<{ ERROR: string }>(who, 'PUT', '/account/card', {
        pay: { CC: '4242424242424242', MONTH: '12', YEAR: '2030', SC: '123' },
      });
      expect(typed.status).toBe(402);
      expect(typed.body.ERROR).toBe(STRIPE_TEXTS.rawCard);
    });

    it('a renewal whose card asks for 3-D Secure off-session fails with the reason, charges nothing, cancels the intent', async () => {
      const email = 'renew-3ds@example.test';
      await registerAndValidate(shop.baseUrl, email, (e) => outboxValidationLink(shop.shop.pool, e), { autorenew: 1 });
      const login = await call<{ token: string }>({}, 'POST', '/auth/login', {
        email,
        password: 'Secret-pass-1',
        version: 5,
      });
      const who = { token: login.body.token };
      const saved = await call(who, 'PUT', '/account/card', { PAYMENTMETHOD: await setUp(who, CARDS.authenticate) });
      expect(saved.status).toBe(200);
      const id = (JSON.parse(Buffer.from(who.token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
      const expiresAt = new Date(Date.now() + 365 * DAY_MS).toISOString().slice(0, 10) + 'T00:00:00.000Z';
      await shop.app.get(RequestContext).run({ actorId: SYSTEM }, () =>
        shop.app.get(CommandBus).execute(
          new GrantEntitlementCommand(id, {
            kind: 'subscription',
            subscriptionType: 'elearning',
            startsAt: new Date().toISOString(),
            expiresAt,
            source: 'test:renewals',
          }),
        ),
      );
      const weekBefore = new Date(Date.parse(expiresAt) - RENEW_DAYS_BEFORE * DAY_MS + 60 * 60 * 1000);
      jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(weekBefore);
      await shop.app.get(RenewalSchedule).runOnce();
      expect(await renewalsOf(shop.shop.pool, id)).toEqual([
        expect.objectContaining({
          subscriptionType: 'elearning',
          status: 'failed',
          errors: [STRIPE_TEXTS.authenticate],
        }),
      ]);
      const intents: Stripe.PaymentIntent[] = [];
      for await (const intent of stripe.paymentIntents.list({ limit: 100 })) {
        if (intent.metadata?.idempotency_key?.includes(id)) intents.push(intent);
      }
      expect(intents.map((i) => i.status)).toEqual(['canceled']);
    });

    it('30 Card tab saves at once: 200, 409 or 429; 30 card setups at once by one account: 20 answered, the rest 429 (last: it spends the setups of the address)', async () => {
      const other = { token: (await loginAs('streamer@demo.test')).token };
      const methods = await Promise.all(['4242424242424242', '5555555555554444'].map((n) => setUp(other, n)));
      const saves = await fireAtOnce(30, (n) => call(other, 'PUT', '/account/card', { PAYMENTMETHOD: methods[n % 2] }));
      // 402 too: Stripe itself refuses to attach one payment method to a second customer (localstripe does not).
      expect(unexpectedStatuses(saves.statuses, [200, 402, 409, 429])).toEqual({});
      expect(saves.statuses[200]).toBeGreaterThan(0);
      const onFile = await call<{ data: CardOnFile }>(other, 'GET', '/card');
      expect(['4242', '4444']).toContain(onFile.body.data.LAST4);
      const who = { token: (await loginAs('resident@demo.test')).token };
      const setups = await fireAtOnce(30, () => call(who, 'POST', '/payments/card-setup', {}));
      expect(unexpectedStatuses(setups.statuses, [200, 429])).toEqual({});
      expect(setups.statuses[200]).toBe(20);
    });
  });
} else {
  // localstripe cannot run here: skipped, never passed (see scripts/localstripe.mjs).
  describe.skip('card fields with PAYMENT_GATEWAY=stripe (skipped: LOCALSTRIPE_URL is not set)', () => {
    it('keeps the card Stripe.js made', () => undefined);
  });
}
