import type { MailBrand } from './brand.js';
import type { Mail } from './mailer.js';
import { renderMail } from './render-mail.js';
import {
  emailChangeConfirmTemplate,
  emailChangeNoticeTemplate,
  passwordResetTemplate,
  validationTemplate,
} from './templates/identity.js';

/**
 * The identity mails (storefront sections 2 and 8). Their links carry a one-time token that only the
 * request knows (the log keeps its hash), so they are written to the outbox by the request itself.
 * The link stands on its own line of the text, so it can be logged alone.
 */
const link = (brand: MailBrand, path: string, token: string, email: string): string =>
  `${brand.baseUrl}/${path}?tolken=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

export function validationMail(brand: MailBrand, email: string, firstname: string, token: string): Promise<Mail> {
  return renderMail(validationTemplate(brand, email, firstname, link(brand, 'user/validate', token, email)));
}

export function passwordResetMail(brand: MailBrand, email: string, firstname: string, token: string): Promise<Mail> {
  return renderMail(passwordResetTemplate(brand, email, firstname, link(brand, 'user/redeem', token, email)));
}

/** An email change's links carry the account's id: the new address is nobody's key until it is confirmed. */
const changeLink = (brand: MailBrand, path: string, token: string, customerId: string): string =>
  `${brand.baseUrl}/${path}?tolken=${encodeURIComponent(token)}&id=${encodeURIComponent(customerId)}`;

/** To the new address of an email change: it takes effect once this link is followed. */
export function emailChangeConfirmMail(
  brand: MailBrand,
  to: { newEmail: string; firstname: string; customerId: string },
  token: string,
): Promise<Mail> {
  return renderMail(
    emailChangeConfirmTemplate(brand, to, changeLink(brand, 'user/confirm-email', token, to.customerId)),
  );
}

/** To the old address of an email change: tells of it, with a link that undoes it (also once it took effect). */
export function emailChangeNoticeMail(
  brand: MailBrand,
  to: { email: string; newEmail: string; firstname: string; customerId: string },
  token: string,
): Promise<Mail> {
  return renderMail(
    emailChangeNoticeTemplate(brand, to, changeLink(brand, 'user/undo-email-change', token, to.customerId)),
  );
}
