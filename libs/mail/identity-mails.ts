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

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}
