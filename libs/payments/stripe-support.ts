import Stripe from 'stripe';

/** The Stripe gateway's own texts (docs/payments.md, Stripe); a processor's decline keeps its own words. */
export const STRIPE_TEXTS = {
  amount: 'The amount to charge must be a whole number of cents, zero or more.',
  rawCard: 'Card details must be entered in the secure card fields; this shop does not take card numbers.',
  token: 'The card on file could not be found. Please enter your card again.',
  authenticate: 'Your bank asks you to confirm this payment. Please finish the confirmation to pay.',
  refundAmount: 'The refund amount must be a whole number of cents above zero.',
  noCharge: 'There is no approved charge with this reference.',
  tooMuch: 'The refund is more than what is left of the charge.',
  busy: 'A payment with this key is still being processed.',
  settleLater: "Stripe's search may not show this payment yet: it is settled at the next sweep.",
} as const;

/**
 * The SDK client: api.stripe.com, or the address of STRIPE_API_BASE (localstripe in the tests:
 * `http://localhost:8420`).
 */
export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  if (!apiBase) return new Stripe(secretKey);
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  });
}

/**
 * The token of a card on file: the Stripe Customer and its attached payment method, `cus_...|pm_...`,
 * all an off-session charge needs to find them (never a card number).
 */
export function tokenOf(customer: string, paymentMethod: string): string {
  return `${customer}|${paymentMethod}`;
}

export function toCardOnFile(token: string): { customer: string; paymentMethod: string } | null {
  const match = /^(cus_\w+)\|((?:pm|card|src)_\w+)$/.exec(token);
  return match?.[1] && match[2] ? { customer: match[1], paymentMethod: match[2] } : null;
}

/**
 * The PaymentIntent whose metadata holds our key. Stripe's search is used first; localstripe has no
 * search (404), so it falls back to listing every intent. Stripe's search may lag a write by up to a
 * minute; it is asked only when a process died inside the create call (the intent's id is kept as soon
 * as Stripe answers), and such a young key is settled later rather than voided (StripeGatewayOptions).
 */
export async function findIntentByKey(
  stripe: Stripe,
  field: string,
  key: string,
): Promise<Stripe.PaymentIntent | null> {
  try {
    const found = await stripe.paymentIntents.search({ query: `metadata['${field}']:'${key.replace(/'/g, "\\'")}'` });
    return found.data[0] ?? null;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError) || error.statusCode !== 404) throw error;
  }
  for await (const intent of stripe.paymentIntents.list({ limit: 100 })) {
    if (intent.metadata?.[field] === key) return intent;
  }
  return null;
}

/** Waits (bounded) for the answer another call with the same key is getting. */
export async function waitFor<T>(answer: () => Promise<T | null>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await answer();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(STRIPE_TEXTS.busy);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
