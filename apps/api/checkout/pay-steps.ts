import { BadRequestException } from '@nestjs/common';
import type { Pool } from 'pg';
import { fingerprintOf } from '#libs/application/stored-answers.js';
import { cardNumberDigits, type CartView } from '#libs/contracts/cart.js';
import { cardOnFileDecider } from '#libs/domain/card-on-file/card-on-file.decider.js';
import { cardStreamId } from '#libs/domain/card-on-file/card-on-file.events.js';
import { cmePurchaseAllowed, CME_PURCHASE_WARNING } from '#libs/domain/cart/cme.rules.js';
import { customerDecider } from '#libs/domain/customer/customer.decider.js';
import { customerStreamId } from '#libs/domain/customer/customer.events.js';
import { isPhysical } from '#libs/domain/pricing/shipping.rules.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import type { ChargeRequest, ChargeResult, ChargeSource } from '#libs/payments/payment-gateway.js';
import { cardOf } from '#libs/read-models/cards.js';
import type { EventSourcedService } from '../kernel/event-sourced.service.js';
import { notAfter } from '../kernel/validators.js';
import { AUTORENEW_NEEDS_CARD, AUTORENEW_NOT_BOUGHT } from '#libs/contracts/renewals.js';
import type { SubscriptionAutoRenewChoice } from '#libs/domain/customer/customer.commands.js';
import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';
import { isSubscriptionType } from '#libs/domain/pricing/renewal.js';
import { GUEST_DIGITAL_MESSAGE, NO_CARD_ON_FILE } from './checkout-errors.js';
import { DOB_FORMAT_MESSAGE, DOB_REQUIRED_MESSAGE, type PayDto } from './checkout.dto.js';
import type { WhenPaid } from './payment-claims.js';

/** The steps of a Pay press around the order and the charge (PayHandler runs them in its order). */

/**
 * The refusals that need no payment (signed-in sections 3 and 8; storefront section 5). `today`
 * (YYYY-MM-DD, the shop's clock): a date of birth after it is no date of birth.
 */
export function refuseBeforePaying(
  customerId: string | null,
  cart: CartView,
  roles: readonly string[],
  input: PayDto,
  today: string,
): void {
  if (customerId === null && cart.items.some((i) => !isPhysical(i.TYPE))) {
    throw new BadRequestException(GUEST_DIGITAL_MESSAGE);
  }
  const dob = input.ATTJSON.DOB?.trim();
  if (dob && !notAfter(dob, today)) throw new BadRequestException(DOB_FORMAT_MESSAGE);
  const holdsCme = cart.items.some((i) => i.TYPE.toLowerCase() === 'cme');
  if (holdsCme && input.ATTJSON.COUNTRY.toUpperCase() === 'USA' && !dob) {
    throw new BadRequestException(DOB_REQUIRED_MESSAGE);
  }
  if (!cmePurchaseAllowed(cart.items, roles)) throw new BadRequestException(CME_PURCHASE_WARNING);
  refuseAutoRenew(cart, input);
}

/** The subscriptions a cart's lines grant (STREAMING_ALL: streaming_all; any cme line: the cme year). */
export function subscriptionsOfCart(cart: CartView): SubscriptionType[] {
  const types = cart.items.map((item) => item.TYPE.toLowerCase()).filter(isSubscriptionType);
  return [...new Set(types)];
}

/**
 * Auto-renew is chosen only for a subscription the order buys, and a renewal charges the card on file:
 * with a new card it must be kept (SAVE_CARD), or there is nothing to charge (docs/decisions.md, "The
 * renewal and the card: the customer's choice").
 */
function refuseAutoRenew(cart: CartView, input: PayDto): void {
  const renewing = input.AUTORENEW ?? [];
  if (renewing.length === 0) return;
  const bought = subscriptionsOfCart(cart);
  if (renewing.some((type) => !bought.includes(type))) throw new BadRequestException(AUTORENEW_NOT_BOUGHT);
  const newCard = input.CARD != null || Boolean(input.PAYMENTMETHOD);
  if (newCard && input.SAVE_CARD !== true) throw new BadRequestException(AUTORENEW_NEEDS_CARD);
}

/**
 * The auto-renew of each subscription the order buys, as the pay screen's boxes chose it (the ones in
 * AUTORENEW on, the others off); null when the press did not say (the account's setting applies).
 */
export function autoRenewChoices(cart: CartView, input: PayDto): SubscriptionAutoRenewChoice[] | null {
  if (input.AUTORENEW === undefined) return null;
  const renewing = input.AUTORENEW;
  return subscriptionsOfCart(cart).map((subscriptionType) => ({
    subscriptionType,
    autorenew: renewing.includes(subscriptionType),
  }));
}

/**
 * What a Pay press asked, as its key's claim is bound to (libs/application/stored-answers.ts): the cart,
 * the total shown, the shipping, the contact and billing, and the card: the one on file, a processor's
 * payment method, or a typed card's last four digits and expiry (never its number or security code).
 */
/** A flat object as JSON with its names in order: the same fields sent in another order are the same. */
const flatJson = (fields: object): string => JSON.stringify(fields, Object.keys(fields).sort());

export function payFingerprint(cartId: string, input: PayDto): string {
  const card = input.CARD
    ? `card:${cardNumberDigits(input.CARD.CC).slice(-4)}:${input.CARD.MONTH}/${input.CARD.YEAR}`
    : input.PAYMENTMETHOD
      ? `payment_method:${input.PAYMENTMETHOD}`
      : 'card_on_file';
  return fingerprintOf('checkout.pay', {
    cartId,
    total: input.TOTAL,
    shipping: input.SHIPPING,
    contact: flatJson(input.ATTJSON),
    billing: input.BILLINGJSON === null ? null : flatJson(input.BILLINGJSON),
    card,
    saveCard: input.SAVE_CARD === true,
    // Only when sent: a press from before the field keeps the fingerprint it had.
    ...(input.AUTORENEW !== undefined ? { autorenew: [...input.AUTORENEW].sort().join(',') } : {}),
  });
}

/**
 * The card typed in, or the payment method Stripe.js made (either kept by the gateway when asked), or
 * the card on file's token.
 */
export async function chargeSource(
  pool: Pool,
  customerId: string | null,
  input: PayDto,
): Promise<ChargeSource & Pick<ChargeRequest, 'saveCard'>> {
  if (input.CARD) {
    const card = {
      number: cardNumberDigits(input.CARD.CC),
      month: Number(input.CARD.MONTH),
      year: Number(input.CARD.YEAR),
      cvc: input.CARD.SC,
    };
    return { card, saveCard: input.SAVE_CARD === true && customerId !== null };
  }
  if (input.PAYMENTMETHOD) {
    return { paymentMethodId: input.PAYMENTMETHOD, saveCard: input.SAVE_CARD === true && customerId !== null };
  }
  const onFile = customerId ? await cardOf(pool, customerId) : null;
  if (!onFile) throw new BadRequestException(NO_CARD_ON_FILE);
  return { token: onFile.token };
}

/**
 * What a customer's paid order also records, as its press asked (kept with the claim): the CME date
 * of birth (encrypted), each bought subscription's auto-renew as chosen, and the card kept on file,
 * from the gateway's answer to the charge. Once: a settlement run again after a crash finds what this
 * press recorded (the date's ciphertext is the press's own, the token the gateway's, the auto-renew
 * already as chosen) on the streams and appends nothing. The caller holds the
 * payment's key, so nobody records for it meanwhile. `now` (ISO): when the payment was settled.
 */
export async function recordAfterPaid(
  eventSourced: EventSourcedService,
  store: Pick<EventStore, 'readStream'>,
  paid: { customerId: string; onum: number | null; asked: WhenPaid; charge: ChargeResult | null; now: string },
): Promise<void> {
  const { customerId, onum, asked, charge, now } = paid;
  const recorded = async (streamId: string, type: string, matches: (data: Record<string, unknown>) => boolean) =>
    (await store.readStream(streamId)).some((e) => e.type === type && matches(e.data as Record<string, unknown>));
  const { dobEncrypted } = asked;
  if (
    dobEncrypted !== null &&
    !(await recorded(customerStreamId(customerId), 'DateOfBirthRecorded', (d) => d.dobEncrypted === dobEncrypted))
  ) {
    await eventSourced.execute(customerStreamId(customerId), customerDecider, {
      type: 'RecordDateOfBirth',
      dobEncrypted,
      now,
    });
  }
  if (asked.autorenew !== null && asked.autorenew.length > 0) {
    await eventSourced.execute(customerStreamId(customerId), customerDecider, {
      type: 'ChangeSubscriptionAutoRenew',
      choices: asked.autorenew,
      via: 'checkout',
      onum,
      now,
    });
  }
  if (!asked.saveCard || !charge?.approved || !charge.token) return;
  const token = charge.token;
  if (await recorded(cardStreamId(customerId), 'CardSavedOnFile', (d) => d.token === token)) return;
  await eventSourced.execute(cardStreamId(customerId), cardOnFileDecider, {
    type: 'SaveCardOnFile',
    customerId,
    token,
    brand: charge.brand,
    last4: charge.last4,
    month: charge.month,
    year: charge.year,
    now,
  });
}
