import { useRef } from 'react';
import type { BillingAddress, CheckoutContact, PayRequest, PayResponse, PaymentsConfig } from '@contracts/cart';
import { CARD_FIELDS_NOT_READY, type CardBilling, type StripeCardHandle } from '@/components/stripe-card-fields';
import { loadStripe } from '@/lib/stripe';
import { uuid } from '@/lib/uuid';
import { usePayMutation } from './api/checkout-api';

/** The list's text when the bank's confirmation did not end (the re-sent Pay still asks for it). */
export const AUTHENTICATION_UNFINISHED = 'The payment was not confirmed with your bank. Please try again.';

/** A Pay that ended: the paid answer (ONUM), or the texts for the pay screen's error list. */
export type PayOutcome = { paid: PayResponse & { ONUM: string } } | { errors: string[] };

/** What Stripe may keep with a new card: the buyer's name and contact, the billing address (no country: ours are 3 letters). */
export function cardBilling(contact: CheckoutContact, address: BillingAddress): CardBilling {
  return {
    name: `${contact.FIRSTNAME} ${contact.LASTNAME}`.trim(),
    email: contact.EMAIL,
    phone: contact.PHONE,
    address: {
      line1: address.ADDRESS,
      ...(address.ADDRESS2 ? { line2: address.ADDRESS2 } : {}),
      city: address.CITY,
      ...(address.STATE && address.STATE !== 'NOTUS' ? { state: address.STATE } : {}),
      postal_code: address.ZIP,
    },
  };
}

/**
 * The pay screen's Pay with either gateway. With Stripe and a new card, Stripe's fields (`card`, the
 * ref for StripeCardFields) first make a payment method, which Pay sends instead of a card. An answer
 * with ACTION (3-D Secure) is finished in the browser by Stripe.js, then the SAME request goes again
 * with the SAME Idempotency-Key: that answer is the outcome, whatever the confirmation said. A failed
 * call (HTTP error) throws, as the pay mutation's `unwrap` does.
 */
export function useStripePay(config: PaymentsConfig | undefined) {
  const card = useRef<StripeCardHandle>(null);
  const [pay] = usePayMutation();
  const settings = config?.STRIPE ?? null;

  /** Stripe.js's 3-D Secure step; its answer is not needed (the re-sent Pay tells), so it never throws. */
  const authenticate = async (clientSecret: string): Promise<void> => {
    if (!settings) return;
    try {
      const stripe = await loadStripe(settings);
      await stripe.confirmCardPayment(clientSecret);
    } catch {
      // The re-sent Pay answers how it ended.
    }
  };

  const submit = async (request: PayRequest, newStripeCard: CardBilling | null): Promise<PayOutcome> => {
    let sent = request;
    if (newStripeCard) {
      if (!card.current) return { errors: [CARD_FIELDS_NOT_READY] };
      // Stripe is asked for off-session use only for a card the customer chose to keep.
      const made = await card.current.paymentMethod(newStripeCard, request.SAVE_CARD === true);
      if ('error' in made) return { errors: [made.error] };
      sent = { ...request, CARD: null, PAYMENTMETHOD: made.id };
    }
    // A fresh key per press: the server charges a key once.
    const idempotencyKey = uuid();
    let response = await pay({ request: sent, idempotencyKey }).unwrap();
    if (response.ACTION) {
      await authenticate(response.ACTION.CLIENTSECRET);
      response = await pay({ request: sent, idempotencyKey }).unwrap();
    }
    if (response.ERRORS.length === 0 && response.ACTION) return { errors: [AUTHENTICATION_UNFINISHED] };
    if (response.ERRORS.length > 0 || !response.ONUM) return { errors: response.ERRORS };
    return { paid: { ...response, ONUM: response.ONUM } };
  };

  return { card, submit };
}
