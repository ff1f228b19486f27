import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import type { AuthUser } from '../identity/index.js';
import { CONFIG } from '../infrastructure/tokens.js';

/** The cookie that ties a media request to the browser's session (set by the detail and video calls). */
export const MEDIA_COOKIE = 'media_session';
export const MEDIA_PREFIX = '/api/media/';
/** The cookie goes with every media request: the signed files (/api/media) and the playbacks' (/api/hls). */
export const MEDIA_COOKIE_PATH = '/api';

/** What a media token grants: one file of one product, for one session, until `e` (epoch seconds). */
export interface MediaGrant {
  /** File path inside the media folder. */
  p: string;
  /** Product id (access is checked again on every request). */
  i: number;
  c: string;
  s: string;
  e: number;
}

const b64 = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

/**
 * Signed media URLs (issue 10): `/api/media/{path}?token={payload}.{HMAC-SHA256}` with the key
 * MEDIA_SECRET (or one derived from JWT_SECRET). The token names the file, the product, the customer,
 * the session and the expiry; the request must also carry the session's media cookie, so a URL copied
 * to another browser (another account) fails, and the session must still run (logout ends it).
 */
@Injectable()
export class MediaSigner {
  private readonly key: Buffer;
  readonly ttlSeconds: number;

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly clock: Clock,
  ) {
    const secret = config.MEDIA_SECRET ?? config.JWT_SECRET;
    if (!secret) throw new Error('JWT_SECRET is not set');
    this.key = createHmac('sha256', secret).update('media-url-v1').digest();
    this.ttlSeconds = config.MEDIA_URL_TTL_SECONDS;
  }

  url(file: string, productId: number, user: AuthUser): string {
    const grant: MediaGrant = {
      p: file,
      i: productId,
      c: user.customerId,
      s: user.sessionId,
      e: Math.floor(this.clock.now().getTime() / 1000) + this.ttlSeconds,
    };
    const payload = b64(JSON.stringify(grant));
    const path = file.split('/').map(encodeURIComponent).join('/');
    return `${MEDIA_PREFIX}${path}?token=${payload}.${this.mac(payload)}`;
  }

  /** The grant of a token for `file`, or null when forged, for another file, or expired. */
  verify(file: string, token: string): MediaGrant | null {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined || !this.same(mac, this.mac(payload))) return null;
    let grant: MediaGrant;
    try {
      grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as MediaGrant;
    } catch {
      return null;
    }
    if (grant.p !== file || typeof grant.e !== 'number') return null;
    if (grant.e * 1000 <= this.clock.now().getTime()) return null;
    return grant;
  }

  /** The media cookie's value for a session: `{sessionId}.{HMAC}`. */
  cookieValue(sessionId: string): string {
    return `${sessionId}.${this.mac(`cookie:${sessionId}`)}`;
  }

  /** True when the cookie header carries this session's media cookie. */
  cookieMatches(cookieHeader: string | undefined, sessionId: string): boolean {
    if (!cookieHeader) return false;
    const expected = this.cookieValue(sessionId);
    return cookieHeader
      .split(';')
      .map((c) => c.trim())
      .some((c) => c.startsWith(`${MEDIA_COOKIE}=`) && this.same(c.slice(MEDIA_COOKIE.length + 1), expected));
  }

  /** The Set-Cookie header of the media cookie (a session cookie, HttpOnly, sent to the API only). */
  setCookie(sessionId: string, secure: boolean): string {
    return (
      `${MEDIA_COOKIE}=${this.cookieValue(sessionId)}; Path=${MEDIA_COOKIE_PATH}; HttpOnly; SameSite=Strict` +
      (secure ? '; Secure' : '')
    );
  }

  private mac(value: string): string {
    return b64(createHmac('sha256', this.key).update(value).digest());
  }

  private same(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }
}
