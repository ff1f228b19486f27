import { dollars, longDate, MAIL_PATHS, type MailBrand, shopLink } from '../brand.js';
import type { MailTemplate } from '../render-mail.js';
import { Action, Facts, MailLayout, P, Url } from './layout.js';

export interface CardUsed {
  brand: string;
  last4: string;
}

export const cardText = (card: CardUsed): string => `${card.brand} ending in ${card.last4}`;

/** A subscription the order started or extended, and how it renews (docs/payments.md, Renewals). */
export interface RenewalTerms {
  productName: string;
  /** The subscription's new expiry (ISO). */
  expiresAt: string;
  /** When the renewal would be charged: RENEW_DAYS_BEFORE days before the expiry (ISO date). */
  chargeOn: string;
  /** The renewal's price for one year, before tax, in cents. */
  priceCents: number;
  autoRenew: boolean;
  /** Days before the charge that the reminder is mailed. */
  reminderDays: number;
}

export interface OrderConfirmation {
  to: string;
  firstname: string;
  onum: number;
  paidAt: string;
  lines: { name: string; qty: number; term: number | null; amountCents: number }[];
  subtotalCents: number;
  discountCents: number;
  coupon: string | null;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  card: CardUsed;
  /** Where a shipped order goes, one line per part; null when nothing ships. */
  shipTo: string[] | null;
  renewals: RenewalTerms[];
  /** A guest has no account page: the mail is the receipt. */
  guest: boolean;
}

const lineLabel = (l: OrderConfirmation['lines'][number]): string =>
  `${l.name}${l.term ? ` (${l.term} ${l.term === 1 ? 'year' : 'years'})` : ''}${l.qty > 1 ? ` x ${l.qty}` : ''}`;

/** The order confirmation and receipt of a paid order: its lines, totals, tax, shipping and card; how subscriptions renew. */
export function orderConfirmationTemplate(brand: MailBrand, order: OrderConfirmation): MailTemplate {
  const totals: (readonly [string, string])[] = [
    ...order.lines.map((l) => [lineLabel(l), dollars(l.amountCents)] as const),
    ['Subtotal', dollars(order.subtotalCents)],
  ];
  if (order.discountCents > 0) {
    totals.push([order.coupon ? `Discount (${order.coupon})` : 'Discount', `-${dollars(order.discountCents)}`]);
  }
  totals.push(['Tax', dollars(order.taxCents)], ['Shipping', dollars(order.shippingCents)]);
  const autoRenewLink = shopLink(brand, MAIL_PATHS.autoRenew);
  return {
    to: order.to,
    subject: `Your order ${order.onum}: confirmation and receipt`,
    element: (
      <MailLayout
        brand={brand}
        preview={`Thank you for your order ${order.onum}: ${dollars(order.totalCents)} paid.`}
        heading={`Thank you for your order ${order.onum}`}
      >
        <P>Hello {order.firstname},</P>
        <P>
          We received your payment on {longDate(order.paidAt)}. {dollars(order.totalCents)} was charged to your{' '}
          {cardText(order.card)}. This mail is your receipt.
        </P>
        <Facts rows={totals} total={['Total paid', dollars(order.totalCents)]} />
        {order.shipTo ? <P>We ship it to: {order.shipTo.join(', ')}.</P> : null}
        {order.renewals.map((r) =>
          r.autoRenew ? (
            <P key={r.productName}>
              {r.productName} runs until {longDate(r.expiresAt)}. Automatic renewal is on: on {longDate(r.chargeOn)} we
              will renew it for one more year at {dollars(r.priceCents)} plus tax, charged to your card on file, and we
              will remind you {r.reminderDays} days before. You can turn automatic renewal off at any time on your
              account page: <Url href={autoRenewLink} />
            </P>
          ) : (
            <P key={r.productName}>
              {r.productName} runs until {longDate(r.expiresAt)}. Automatic renewal is off, so it ends then; you can
              renew it for one more year at {dollars(r.priceCents)} plus tax, or turn automatic renewal on at{' '}
              <Url href={autoRenewLink} />
            </P>
          ),
        )}
        {order.guest ? (
          <P>Keep this mail: you bought as a guest, so it is your record of the order.</P>
        ) : (
          <Action href={shopLink(brand, MAIL_PATHS.orders)}>Your orders and receipts</Action>
        )}
      </MailLayout>
    ),
  };
}

export interface RefundNotice {
  to: string;
  firstname: string;
  onum: number;
  amountCents: number;
  refundedCents: number;
  totalCents: number;
  full: boolean;
  card: CardUsed | null;
  refundedAt: string;
  guest: boolean;
}

/** A refund (OrderRefunded): how much, to which card, what is left, and what a full refund ends. */
export function refundTemplate(brand: MailBrand, refund: RefundNotice): MailTemplate {
  const rows: (readonly [string, string])[] = [
    ['Order total', dollars(refund.totalCents)],
    ['Refunded so far', dollars(refund.refundedCents)],
  ];
  return {
    to: refund.to,
    subject: `Refund of ${dollars(refund.amountCents)} for order ${refund.onum}`,
    element: (
      <MailLayout
        brand={brand}
        preview={`${dollars(refund.amountCents)} is on its way back to you.`}
        heading={`We refunded ${dollars(refund.amountCents)} of order ${refund.onum}`}
      >
        <P>Hello {refund.firstname},</P>
        <P>
          On {longDate(refund.refundedAt)} we refunded {dollars(refund.amountCents)} of your order {refund.onum}
          {refund.card ? ` to your ${cardText(refund.card)}` : ''}. Your bank shows it within 5 to 10 business days.
        </P>
        <Facts rows={rows} total={['Refund', dollars(refund.amountCents)]} />
        <P>
          {refund.full
            ? 'The whole order is refunded, so the access it gave (subscriptions, streaming, apps) has ended.'
            : 'Part of the order is refunded; what it gave you stays as it is.'}
        </P>
        {refund.guest ? null : <Action href={shopLink(brand, MAIL_PATHS.orders)}>Your orders and receipts</Action>}
      </MailLayout>
    ),
  };
}
