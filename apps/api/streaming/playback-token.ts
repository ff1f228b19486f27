import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Config } from '#libs/config/config.js';
import { CONFIG } from '../infrastructure/tokens.js';

/** 16 random bytes (the lease's key) + 16 bytes of HMAC over them and the session, base64url: 44 characters. */
const TOKEN = /^[A-Za-z0-9_-]{44}$/;
const PART = 22;

const b64 = (value: Buffer): string => value.toString('base64url');

/**
 * The opaque token of a playback's addresses (`/api/hls/{token}/...`): a random key of the lease row
 * and an HMAC binding it to the lease's login session. It names no customer, session or viewing; a
 * request also needs the session's media cookie and a live session, so a copied address is useless in
 * another browser. The key is MEDIA_SECRET's (or one derived from JWT_SECRET), apart from the media URLs'.
 */
@Injectable()
export class PlaybackTokens {
  private readonly key: Buffer;

  constructor(@Inject(CONFIG) config: Config) {
    const secret = config.MEDIA_SECRET ?? config.JWT_SECRET;
    if (!secret) throw new Error('JWT_SECRET is not set');
    this.key = createHmac('sha256', secret).update('playback-token-v1').digest();
  }

  /** A new lease key (stored in the lease row; never shown alone). */
  newKey(): string {
    return b64(randomBytes(16));
  }

  /** The token of a lease key for its session. */
  token(key: string, sessionId: string): string {
    return key + this.mac(key, sessionId);
  }

  /** The lease key a token names, or null when it cannot be a token (the MAC is checked with `matches`). */
  keyOf(token: string): string | null {
    return TOKEN.test(token) ? token.slice(0, PART) : null;
  }

  /** True when the token is the one of this key and session (not tampered, not another session's). */
  matches(token: string, key: string, sessionId: string): boolean {
    const given = Buffer.from(token);
    const expected = Buffer.from(this.token(key, sessionId));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(key: string, sessionId: string): string {
    return b64(createHmac('sha256', this.key).update(`${key}:${sessionId}`).digest().subarray(0, 16));
  }
}
