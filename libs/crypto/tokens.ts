import { createHash, randomBytes } from 'node:crypto';

/** A one-time token for a mailed link (validation, password reset): 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash enters an event: a leaked event log cannot be used to open the links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
