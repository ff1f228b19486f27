import type { Stripe } from '@stripe/stripe-js';
import type { CardSetup, CardSetupRequest, PaymentsConfig } from '@contracts/cart';
import { api } from './api';

/** Stripe's publishable key and the address of its script, from GET /api/payments/config. */
export type StripeSettings = NonNullable<PaymentsConfig['STRIPE']>;

/**
 * GET /api/payments/config (public): which card fields the pay screen and the Card tab show; kept an hour,
 * as it changes only with a restart of the shop. POST /api/payments/card-setup (Stripe only): the client
 * secret of a SetupIntent that Stripe.js confirms with the card typed into Stripe's fields.
 */
export const stripeApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentsConfig: build.query<PaymentsConfig, void>({
      query: () => '/payments/config',
      keepUnusedDataFor: 3600,
      extraOptions: { handlesOwnErrors: true },
    }),
    /** SAVE_CARD false: a card for this payment only, so Stripe is not asked for off-session use. */
    cardSetup: build.mutation<CardSetup, CardSetupRequest>({
      query: (body) => ({ url: '/payments/card-setup', method: 'POST', body }),
      extraOptions: { handlesOwnErrors: true },
    }),
  }),
});

export const { usePaymentsConfigQuery, useCardSetupMutation } = stripeApi;

let loading: { settings: StripeSettings; stripe: Promise<Stripe> } | null = null;

/**
 * Stripe.js from Stripe's own address (PCI DSS wants it loaded from there, never bundled): ONE script tag
 * per page load, shared by every caller, resolving `window.Stripe(PUBLISHABLEKEY)`. A failed load removes
 * its tag and is forgotten, so a Retry adds a fresh one.
 */
export function loadStripe(settings: StripeSettings): Promise<Stripe> {
  if (
    loading &&
    loading.settings.JSURL === settings.JSURL &&
    loading.settings.PUBLISHABLEKEY === settings.PUBLISHABLEKEY
  )
    return loading.stripe;
  const stripe = new Promise<Stripe>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = settings.JSURL;
    script.async = true;
    const failed = () => {
      script.remove();
      loading = null;
      reject(new Error('Stripe.js could not be loaded.'));
    };
    script.addEventListener('error', failed);
    script.addEventListener('load', () => {
      if (window.Stripe) resolve(window.Stripe(settings.PUBLISHABLEKEY));
      else failed();
    });
    document.head.appendChild(script);
  });
  loading = { settings, stripe };
  return stripe;
}

/** The text of a Stripe.js error (a StripeError, or whatever a stand-in threw), for the error lists. */
export function stripeErrorText(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
    return error.message || fallback;
  return fallback;
}
