import type { Mail } from './mailer.js';

/** The identity mails (storefront sections 2 and 8). The link stands on its own line so it can be logged alone. */
const link = (baseUrl: string, path: string, token: string, email: string): string =>
  `${baseUrl.replace(/\/$/, '')}/${path}?tolken=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

export function validationMail(baseUrl: string, email: string, firstname: string, token: string): Mail {
  const url = link(baseUrl, 'user/validate', token, email);
  return {
    to: email,
    subject: 'Please validate your email',
    text: `Hello ${firstname},\n\nPlease validate your email by following this link:\n\n${url}\n\nYou can login after validating.\n`,
    html: `<p>Hello ${escapeHtml(firstname)},</p><p>Please validate your email by following this link:</p><p><a href="${escapeHtml(url)}">Validate my email</a></p><p>You can login after validating.</p>`,
  };
}

export function passwordResetMail(baseUrl: string, email: string, firstname: string, token: string): Mail {
  const url = link(baseUrl, 'user/redeem', token, email);
  return {
    to: email,
    subject: 'Change your password',
    text: `Hello ${firstname},\n\nTo choose a new password, follow this link within one hour:\n\n${url}\n\nIf you did not ask for this, ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(firstname)},</p><p>To choose a new password, follow this link within one hour:</p><p><a href="${escapeHtml(url)}">Change my password</a></p><p>If you did not ask for this, ignore this mail.</p>`,
  };
}

/** An email change's links carry the account's id: the new address is nobody's key until it is confirmed. */
const changeLink = (baseUrl: string, path: string, token: string, customerId: string): string =>
  `${baseUrl.replace(/\/$/, '')}/${path}?tolken=${encodeURIComponent(token)}&id=${encodeURIComponent(customerId)}`;

/** To the new address of an email change: it takes effect once this link is followed. */
export function emailChangeConfirmMail(
  baseUrl: string,
  to: { newEmail: string; firstname: string; customerId: string },
  token: string,
): Mail {
  const url = changeLink(baseUrl, 'user/confirm-email', token, to.customerId);
  return {
    to: to.newEmail,
    subject: 'Please confirm your new email address',
    text: `Hello ${to.firstname},\n\nPlease confirm that this is your new email address by following this link within 7 days:\n\n${url}\n\nUntil then you keep logging in with your current address. If you did not ask for this, ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(to.firstname)},</p><p>Please confirm that this is your new email address by following this link within 7 days:</p><p><a href="${escapeHtml(url)}">Confirm my new email address</a></p><p>Until then you keep logging in with your current address. If you did not ask for this, ignore this mail.</p>`,
  };
}

/** To the old address of an email change: tells of it, with a link that undoes it (also once it took effect). */
export function emailChangeNoticeMail(
  baseUrl: string,
  to: { email: string; newEmail: string; firstname: string; customerId: string },
  token: string,
): Mail {
  const url = changeLink(baseUrl, 'user/undo-email-change', token, to.customerId);
  return {
    to: to.email,
    subject: 'Your email address is being changed',
    text: `Hello ${to.firstname},\n\nA change of your account's email address to ${to.newEmail} was asked for. It takes effect once the new address confirms it.\n\nIf you did not ask for this, undo it with this link (it works for 30 days, also after the change took effect) and then choose a new password:\n\n${url}\n`,
    html: `<p>Hello ${escapeHtml(to.firstname)},</p><p>A change of your account's email address to ${escapeHtml(to.newEmail)} was asked for. It takes effect once the new address confirms it.</p><p>If you did not ask for this, undo it with this link (it works for 30 days, also after the change took effect) and then choose a new password:</p><p><a href="${escapeHtml(url)}">Undo the change of my email address</a></p>`,
  };
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}
