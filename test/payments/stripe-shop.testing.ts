import Stripe from 'stripe';
import { KEY_METADATA } from '#libs/payments/stripe-gateway.js';
import { type TestApp, useTestShop } from '../support/app.js';
import { type Caller, shopClient } from '../support/shop-client.js';
import { type StripeJs, stripeJs } from './stripe-browser.testing.js';

/** The official SDK on localstripe, with a secret key (any `sk_` key: localstripe checks only the prefix). */
export function stripeApi(localstripe: string, secretKey: string): Stripe {
  const address = new URL(localstripe);
  return new Stripe(secretKey, { host: address.hostname, port: Number(address.port), protocol: 'http' });
}

/** The intents made with one of our keys (a Stripe search; localstripe has none: listed). */
export async function intentsWithKey(stripe: Stripe, key: string): Promise<Stripe.PaymentIntent[]> {
  const found: Stripe.PaymentIntent[] = [];
  for await (const intent of stripe.paymentIntents.list({ limit: 100 })) {
    // The shop keeps a client's key in its namespace (`client:{scope}:{key}`).
    const kept = intent.metadata?.[KEY_METADATA];
    if (kept === key || kept?.endsWith(`:${key}`)) found.push(intent);
  }
  return found;
}

export interface StripeTestShop {
  readonly shop: TestApp;
  stripe: Stripe;
  browser: StripeJs;
  publishableKey: string;
  call: ReturnType<typeof shopClient>['call'];
  loginAs: ReturnType<typeof shopClient>['loginAs'];
  /** A card typed into Stripe's fields, made a payment method as Stripe.js does (card setup, confirm). */
  paymentMethodOf(who: Caller, number: string): Promise<string>;
}

/**
 * The demo shop of one test file with PAYMENT_GATEWAY=stripe on localstripe (keys named after `name`),
 * started in beforeAll and closed in afterAll (useTestShop), with the SDK and Stripe.js' part at hand.
 */
export function useStripeShop(localstripe: string, name: string, env: Record<string, string> = {}): StripeTestShop {
  const secretKey = `sk_test_${name}`;
  const publishableKey = `pk_test_${name}`;
  const shop = useTestShop({
    seedDemo: true,
    env: {
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_API_BASE: localstripe,
      ...env,
    },
  });
  afterAll(() => jest.restoreAllMocks());
  const browser = stripeJs(localstripe, publishableKey);
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  return {
    shop,
    stripe: stripeApi(localstripe, secretKey),
    browser,
    publishableKey,
    call,
    loginAs,
    async paymentMethodOf(who, number) {
      const setup = await call<{ CLIENTSECRET: string }>(who, 'POST', '/payments/card-setup', {});
      if (setup.status !== 200) throw new Error(`card setup answered ${setup.status}`);
      const made = await browser.confirmCardSetup(setup.body.CLIENTSECRET, number);
      if ('error' in made) throw new Error(made.error);
      return made.id;
    },
  };
}
