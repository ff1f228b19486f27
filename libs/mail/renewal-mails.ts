import type { Mail } from './mailer.js';

/** The automatic renewal's mails (docs/payments.md, Renewals). Links stand on their own line. */

export interface RenewalMailInput {
  baseUrl: string;
  email: string;
  firstname: string;
  /** The subscription's name as the catalog sells it. */
  productName: string;
  /** The expiry renewed, YYYY-MM-DD. */
  period: string;
}

const base = (url: string): string => url.replace(/\/$/, '');
const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** The receipt of a renewal charged to the card on file. */
export function renewalReceiptMail(input: RenewalMailInput & { onum: number; totalCents: number; card: string }): Mail {
  const url = `${base(input.baseUrl)}/user/account#orders`;
  const text =
    `Hello ${input.firstname},\n\nYour subscription ${input.productName}, which was to expire on ${input.period}, ` +
    `has been renewed for one more year. ${dollars(input.totalCents)} was charged to your ${input.card} ` +
    `(order ${input.onum}).\n\nYour orders and receipts:\n\n${url}\n\n` +
    `You can turn automatic renewal off on your account page.\n`;
  return {
    to: input.email,
    subject: `Your subscription has been renewed (order ${input.onum})`,
    text,
    html:
      `<p>Hello ${escapeHtml(input.firstname)},</p><p>Your subscription ${escapeHtml(input.productName)}, which was ` +
      `to expire on ${input.period}, has been renewed for one more year. ${dollars(input.totalCents)} was charged to ` +
      `your ${escapeHtml(input.card)} (order ${input.onum}).</p><p><a href="${escapeHtml(url)}">Your orders and ` +
      `receipts</a></p><p>You can turn automatic renewal off on your account page.</p>`,
  };
}

/** A renewal the card on file did not pay: nothing was extended; the link puts the renewal in the cart. */
export function renewalFailedMail(input: RenewalMailInput & { errors: string[]; payPath: string }): Mail {
  const url = `${base(input.baseUrl)}${input.payPath}`;
  const why = input.errors.join(' ');
  return {
    to: input.email,
    subject: 'Your subscription could not be renewed',
    text:
      `Hello ${input.firstname},\n\nWe could not renew your subscription ${input.productName}, which expires on ` +
      `${input.period}: ${why}\n\nNothing was charged. To keep your access, renew it here:\n\n${url}\n`,
    html:
      `<p>Hello ${escapeHtml(input.firstname)},</p><p>We could not renew your subscription ` +
      `${escapeHtml(input.productName)}, which expires on ${input.period}: ${escapeHtml(why)}</p>` +
      `<p>Nothing was charged. To keep your access, renew it here:</p><p><a href="${escapeHtml(url)}">Renew my ` +
      `subscription</a></p>`,
  };
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}
