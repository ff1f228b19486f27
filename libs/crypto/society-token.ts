import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Society sign-in tokens (format in docs/decisions.md): a partner society vouches for a member by
 * signing `v1.<societyId>.<payload>` with HMAC-SHA256 under the secret configured for that society.
 *   token   = v1.<societyId>.<payload>.<signature>
 *   payload = base64url(JSON {email, first?, last?, iat, exp})   (iat/exp: seconds since the epoch)
 *   signature = base64url(HMAC-SHA256(secret, "v1.<societyId>.<payload>"))
 */
export interface SocietyClaims {
  email: string;
  first?: string;
  last?: string;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch. */
  exp: number;
}

export interface VerifiedSocietyToken {
  societyId: string;
  claims: SocietyClaims;
}

export const SOCIETY_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

const sign = (secret: string, signed: string): string =>
  createHmac('sha256', secret).update(signed, 'utf8').digest('base64url');

export function signSocietyToken(
  societyId: string,
  secret: string,
  member: { email: string; first?: string; last?: string },
  /** When the token is issued (the caller's clock). */
  now: Date,
  ttlSeconds: number = SOCIETY_TOKEN_TTL_SECONDS,
): string {
  if (!/^[A-Za-z0-9_-]+$/.test(societyId)) throw new Error('A society id holds only letters, digits, - and _');
  const iat = Math.floor(now.getTime() / 1000);
  const claims: SocietyClaims = { ...member, iat, exp: iat + ttlSeconds };
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  const signed = `v1.${societyId}.${payload}`;
  return `${signed}.${sign(secret, signed)}`;
}

/** The verified society and claims, or null for a malformed, unknown, forged or expired token. */
export function verifySocietyToken(
  token: string,
  secrets: Readonly<Record<string, string>>,
  /** The time the token is checked at (the caller's clock). */
  now: Date,
): VerifiedSocietyToken | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [version, societyId, payload, signature] = parts as [string, string, string, string];
  if (version !== 'v1' || !Object.hasOwn(secrets, societyId)) return null;
  const secret = secrets[societyId] as string;
  const expected = Buffer.from(sign(secret, `v1.${societyId}.${payload}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims)) return null;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (claims.exp <= nowSeconds || claims.iat > nowSeconds + 300) return null;
  return { societyId, claims };
}

function isClaims(value: unknown): value is SocietyClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.email === 'string' &&
    /^[^\s@]+@[^\s@]+$/.test(v.email) &&
    typeof v.iat === 'number' &&
    typeof v.exp === 'number' &&
    (v.first === undefined || typeof v.first === 'string') &&
    (v.last === undefined || typeof v.last === 'string')
  );
}
