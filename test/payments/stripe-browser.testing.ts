/**
 * What Stripe.js does in the buyer's browser, done by a test against localstripe with the publishable
 * key only, exactly as localstripe's own mock of Stripe.js calls it: confirm a SetupIntent with the card
 * typed into Stripe's fields (the card goes to Stripe, never to the shop), and answer the bank's 3-D
 * Secure page. Stripe's real page has no `_authenticate` API; localstripe's mock calls it.
 */
export interface StripeJs {
  /** confirmCardSetup: the payment method id, or Stripe's error text (a card declined when kept). */
  confirmCardSetup(clientSecret: string, number: string): Promise<{ id: string } | { error: string }>;
  /** The bank's page of confirmCardPayment: confirmed (`success`) or failed. */
  authenticate(clientSecret: string, success: boolean): Promise<void>;
}

export const TEST_EXPIRY = { exp_month: 12, exp_year: 2030 } as const;

export function stripeJs(localstripe: string, publishableKey: string): StripeJs {
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${localstripe}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: publishableKey, ...body }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const idOf = (clientSecret: string, prefix: string): string => {
    const id = new RegExp(`^(${prefix}_\\w+?)_secret_`).exec(clientSecret)?.[1];
    if (!id) throw new Error(`not a ${prefix} client secret`);
    return id;
  };
  return {
    async confirmCardSetup(clientSecret, number) {
      const path = `/v1/setup_intents/${idOf(clientSecret, 'seti')}/confirm`;
      let answer = await post(path, {
        use_stripe_sdk: true,
        client_secret: clientSecret,
        payment_method_data: { type: 'card', card: { number, ...TEST_EXPIRY, cvc: '123' } },
      });
      // A card that always asks for 3-D Secure asks when it is set up too: confirmed on the bank's page.
      if (answer.status === 200 && answer.body.status === 'requires_action') {
        answer = await post(path, { use_stripe_sdk: true, client_secret: clientSecret });
      }
      const error = answer.body.error as { message?: string } | undefined;
      if (answer.status !== 200 || error) return { error: error?.message ?? `HTTP ${answer.status}` };
      return { id: String(answer.body.payment_method) };
    },
    async authenticate(clientSecret, success) {
      const path = `/v1/payment_intents/${idOf(clientSecret, 'pi')}/_authenticate?success=${success}`;
      const answer = await post(path, { client_secret: clientSecret });
      if (answer.status !== 200) throw new Error(`authenticate answered ${answer.status}`);
    },
  };
}
