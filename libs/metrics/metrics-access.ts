import { createHash, timingSafeEqual } from 'node:crypto';

/** Who may read /metrics: `Authorization: Bearer <METRICS_TOKEN>` when a token is set. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  if (!match) return false;
  // Hashes of equal length, so the comparison neither throws nor tells the token's length.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!.trim()), digest(token));
}
