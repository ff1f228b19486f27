import type { Pool } from 'pg';
import type { CmeCertificateIssued } from '#libs/domain/cme/cme.events.js';
import type { SubscriptionGranted } from '#libs/domain/entitlements/entitlements.events.js';
import { entitlementsStreamId } from '#libs/domain/entitlements/entitlements.events.js';
import {
  type OrderPaid,
  type OrderPlaced,
  type OrderRefunded,
  orderStreamId,
} from '#libs/domain/order/order.events.js';
import { isSubscriptionType, RENEWAL_OFFER, renewalUnitPrice } from '#libs/domain/pricing/renewal.js';
import type { RenewalReminderIssued } from '#libs/domain/renewal-reminder/renewal-reminder.events.js';
import type { RenewalFailed, RenewalSucceeded } from '#libs/domain/renewal/renewal.events.js';
import { RENEW_DAYS_BEFORE } from '#libs/domain/renewal/renewal.rules.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { findCustomerById } from '#libs/read-models/customers.js';
import { renewalProduct } from '#libs/read-models/renewal-offers.js';
import { MAIL_PATHS, type MailBrand, shopLink } from './brand.js';
import { type MailTemplate, renderMail } from './render-mail.js';
import type { Mail } from './mailer.js';
import { certificateTemplate } from './templates/certificate.js';
import { orderConfirmationTemplate, type RenewalTerms, refundTemplate } from './templates/order.js';
import { renewalFailedTemplate, renewalReceiptTemplate, renewalReminderTemplate } from './templates/renewal.js';

/** The events a customer is mailed about, each with the kind of its mail (the outbox key's second half). */
export const MAIL_KIND_OF_EVENT = {
  OrderPaid: 'order-confirmation',
  OrderRefunded: 'refund',
  RenewalReminderIssued: 'renewal-reminder',
  RenewalSucceeded: 'renewal-receipt',
  RenewalFailed: 'renewal-failed',
  CmeCertificateIssued: 'certificate-issued',
} as const;

export const MAILED_EVENT_TYPES = Object.keys(MAIL_KIND_OF_EVENT) as (keyof typeof MAIL_KIND_OF_EVENT)[];

/** What the mails of events read: the log (the order, the grants) and the customers and catalog read models. */
export interface EventMailSources {
  pool: Pick<Pool, 'query'>;
  store: Pick<EventStore, 'readStream'>;
  brand: MailBrand;
  /** RENEWAL_REMINDER_DAYS: the order confirmation says when the reminder comes. */
  reminderDays: number;
}

/** The outbox key of an event's mail: one mail per event and kind, so a replay writes nothing. */
export const mailKeyOf = (event: RecordedEvent): string =>
  `${event.id}:${MAIL_KIND_OF_EVENT[event.type as keyof typeof MAIL_KIND_OF_EVENT] ?? event.type}`;

/**
 * The mail reporting one event, or null when the event asks for none (a renewal's own order: its
 * receipt comes with RenewalSucceeded) or its addressee is unknown. Every fact comes from the log
 * or, for names and addresses, the read models; the time is the event's own.
 */
export async function mailOfEvent(event: RecordedEvent, sources: EventMailSources): Promise<Mail | null> {
  const template = await templateOf(event, sources);
  return template ? renderMail(template) : null;
}

async function templateOf(event: RecordedEvent, sources: EventMailSources): Promise<MailTemplate | null> {
  switch (event.type) {
    case 'OrderPaid':
      return orderConfirmation(event as unknown as OrderPaid, sources);
    case 'OrderRefunded':
      return refund(event as unknown as OrderRefunded, sources);
    case 'RenewalReminderIssued':
      return reminder(event as unknown as RenewalReminderIssued, sources);
    case 'RenewalSucceeded':
      return renewalReceipt(event as unknown as RenewalSucceeded, sources);
    case 'RenewalFailed':
      return renewalFailed(event as unknown as RenewalFailed, sources);
    case 'CmeCertificateIssued':
      return certificate(event as unknown as CmeCertificateIssued, sources);
    default:
      return null;
  }
}

/** The order's placement and payment, as the log holds them. */
async function orderOf(sources: EventMailSources, onum: number) {
  const events = (await sources.store.readStream(orderStreamId(onum))) as unknown as (OrderPlaced | OrderPaid)[];
  const placed = events.find((e): e is OrderPlaced => e.type === 'OrderPlaced');
  const paid = events.find((e): e is OrderPaid => e.type === 'OrderPaid');
  return { placed, paid };
}

/** The subscriptions a source granted (`order:{ONUM}`), with their expiries. */
async function grantsOf(sources: EventMailSources, customerId: string, source: string) {
  const events = (await sources.store.readStream(entitlementsStreamId(customerId))) as unknown as SubscriptionGranted[];
  return events.filter((e) => e.type === 'SubscriptionGranted' && e.data.source === source).map((e) => e.data);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const chargeDay = (expiresAt: string): string =>
  new Date(Date.parse(expiresAt) - RENEW_DAYS_BEFORE * DAY_MS).toISOString().slice(0, 10);

async function orderConfirmation({ data }: OrderPaid, sources: EventMailSources): Promise<MailTemplate | null> {
  const { placed } = await orderOf(sources, data.onum);
  if (!placed) return null;
  // A renewal's order (placed by the schedule, no cart): its receipt is the renewal's own mail.
  if (placed.data.cartId === null && placed.data.lines.every((l) => l.OFFER?.OFFER === RENEWAL_OFFER)) return null;
  const { contact } = placed.data;
  const renewals: RenewalTerms[] = [];
  if (data.customerId !== null) {
    const customer = await findCustomerById(sources.pool, data.customerId);
    for (const grant of await grantsOf(sources, data.customerId, `order:${data.onum}`)) {
      if (!isSubscriptionType(grant.subscriptionType)) continue;
      const product = await renewalProduct(sources.pool, grant.subscriptionType);
      const price = product ? renewalUnitPrice(product, 1) : null;
      if (!product || price === null) continue;
      renewals.push({
        productName: product.NAME,
        expiresAt: grant.expiresAt,
        chargeOn: chargeDay(grant.expiresAt),
        priceCents: price,
        autoRenew: customer?.autorenew === true,
        reminderDays: sources.reminderDays,
      });
    }
  }
  return orderConfirmationTemplate(sources.brand, {
    to: contact.EMAIL,
    firstname: contact.FIRSTNAME,
    onum: data.onum,
    paidAt: data.paidAt,
    lines: data.lines.map((l) => ({ name: l.PRODUCTNAME, qty: l.QTY, term: l.TERM, amountCents: l.AMOUNT })),
    subtotalCents: data.SUBTOTAL,
    discountCents: data.DISCOUNT,
    coupon: data.COUPON,
    taxCents: data.TAX,
    shippingCents: data.SHIPCOST,
    totalCents: data.TOTAL,
    card: { brand: data.gateway.brand, last4: data.gateway.last4 },
    shipTo:
      data.SHIPCOST > 0
        ? [
            `${contact.FIRSTNAME} ${contact.LASTNAME}`,
            [contact.ADDRESS, contact.ADDRESS2].filter(Boolean).join(', '),
            `${contact.CITY}, ${contact.STATE} ${contact.ZIP}`,
            contact.COUNTRY,
          ]
        : null,
    renewals,
    guest: data.customerId === null,
  });
}

async function refund({ data }: OrderRefunded, sources: EventMailSources): Promise<MailTemplate | null> {
  const { placed, paid } = await orderOf(sources, data.onum);
  if (!placed) return null;
  return refundTemplate(sources.brand, {
    to: placed.data.contact.EMAIL,
    firstname: placed.data.contact.FIRSTNAME,
    onum: data.onum,
    amountCents: data.amountCents,
    refundedCents: data.refundedCents,
    totalCents: placed.data.TOTAL,
    full: data.full,
    card: paid ? { brand: paid.data.gateway.brand, last4: paid.data.gateway.last4 } : null,
    refundedAt: data.refundedAt,
    guest: data.customerId === null,
  });
}

async function reminder({ data }: RenewalReminderIssued, sources: EventMailSources): Promise<MailTemplate | null> {
  const customer = await findCustomerById(sources.pool, data.customerId);
  if (!customer) return null;
  return renewalReminderTemplate(sources.brand, {
    to: customer.email,
    firstname: customer.firstname,
    productName: data.productName,
    period: data.period,
    chargeOn: data.chargeOn,
    amountCents: data.amountCents,
    card: data.card,
  });
}

async function renewalReceipt({ data }: RenewalSucceeded, sources: EventMailSources): Promise<MailTemplate | null> {
  const { placed, paid } = await orderOf(sources, data.onum);
  if (!placed || !paid) return null;
  const [grant] = await grantsOf(sources, data.customerId, `order:${data.onum}`);
  return renewalReceiptTemplate(sources.brand, {
    to: placed.data.contact.EMAIL,
    firstname: placed.data.contact.FIRSTNAME,
    productName: placed.data.lines[0]?.PRODUCTNAME ?? data.subscriptionType,
    onum: data.onum,
    period: data.period,
    expiresAt: grant?.expiresAt ?? null,
    totalCents: paid.data.TOTAL,
    taxCents: paid.data.TAX,
    card: { brand: paid.data.gateway.brand, last4: paid.data.gateway.last4 },
  });
}

async function renewalFailed({ data }: RenewalFailed, sources: EventMailSources): Promise<MailTemplate | null> {
  const [customer, product] = await Promise.all([
    findCustomerById(sources.pool, data.customerId),
    renewalProduct(sources.pool, data.subscriptionType),
  ]);
  if (!customer) return null;
  return renewalFailedTemplate(sources.brand, {
    to: customer.email,
    firstname: customer.firstname,
    productName: product?.NAME ?? data.subscriptionType,
    subscriptionType: data.subscriptionType,
    period: data.period,
    errors: data.errors,
  });
}

async function certificate({ data }: CmeCertificateIssued, sources: EventMailSources): Promise<MailTemplate | null> {
  const customer = await findCustomerById(sources.pool, data.customerId);
  if (!customer) return null;
  return certificateTemplate(sources.brand, {
    to: customer.email,
    firstname: customer.firstname,
    year: data.year,
    number: data.number,
    credits: data.totalCredit ?? data.totalAtIssue,
    verifyUrl: data.verifyUrl ?? shopLink(sources.brand, MAIL_PATHS.verify(data.number)),
    supersedes: data.supersedes ?? null,
  });
}
