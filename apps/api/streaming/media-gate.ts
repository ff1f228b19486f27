import { ForbiddenException, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { Subscription } from 'rxjs';
import { Clock } from '#libs/application/clock.js';
import { MEDIA_LINK_INVALID } from '#libs/contracts/streaming.js';
import { RolesService } from '../identity/index.js';
import { LEASE_CACHE_MS, REFRESH_AFTER_MS } from './hls-access.js';
import { type MediaGrant, MediaSigner } from './media-signer.js';
import { StreamAccess } from './stream-access.js';

/** The refusal of a product's media while its Terms of Use are not accepted (they cover every file of it). */
export const MEDIA_TERMS_DUE = "Please agree to this product's Terms of Use before opening its videos or documents.";

/** An allowed check of a session's access to a product is remembered this long (as a playback's lease). */
export const MEDIA_ACCESS_CACHE_MS = LEASE_CACHE_MS;
const KEPT = 20_000;
/** Cookie headers remembered as verified per token (a token is one session's; a few headers at most). */
const COOKIES_KEPT = 16;

interface VerifiedToken {
  grant: MediaGrant;
  /** Cookie headers whose media cookie was verified for the grant's session. */
  cookies: Set<string>;
}

const accessKey = (grant: MediaGrant): string => `${grant.c} ${grant.s} ${grant.i}`;

/**
 * Who may fetch a signed media URL (`/api/media/...`): the token (its HMAC, the file, the expiry
 * against the clock on every request), the session's media cookie, and the session live with access to
 * the product and its Terms of Use accepted. The HMACs are checked once per token and cookie header; an
 * allowed access check is kept for MEDIA_ACCESS_CACHE_MS per session and product (checked again in the
 * background once older than REFRESH_AFTER_MS), so the ranges of a video cost no query and no wait.
 * Refusals are never kept (a link opens as soon as the terms are accepted). This process forgets a
 * customer's checks at once when it hears of a session ending or of any change of entitlements (also
 * another replica's, through RolesService's NOTIFY); a session ended on another replica within
 * MEDIA_ACCESS_CACHE_MS.
 */
@Injectable()
export class MediaGate implements OnModuleDestroy {
  private readonly tokens = new Map<string, VerifiedToken>();
  /** `customer session product` -> performance.now() of a check that allowed it. */
  private readonly allowed = new Map<string, number>();
  /** Bumped by every forget: a check that began before it is not kept. */
  private generation = 0;
  /** Checks running in the background for kept entries about to age out. */
  private readonly refreshing = new Set<string>();
  private readonly subscription: Subscription;
  private readonly stopHearing: () => void;

  constructor(
    private readonly signer: MediaSigner,
    private readonly access: StreamAccess,
    private readonly clock: Clock,
    roles: RolesService,
    eventBus: EventBus,
  ) {
    this.subscription = eventBus.subscribe((event: unknown) => {
      const e = event as { type?: string; data?: { customerId?: string } };
      if (e.type === 'SessionEnded' && e.data?.customerId) this.forgetCustomer(e.data.customerId);
    });
    this.stopHearing = roles.onEntitlementsChanged((customerId) => this.forgetCustomer(customerId));
  }

  onModuleDestroy(): void {
    this.subscription.unsubscribe();
    this.stopHearing();
  }

  /** The grant of a request for `relative`, or 403 with the reason ("not valid", or the terms due). */
  async authorize(relative: string, token: string | undefined, cookie: string | undefined): Promise<MediaGrant> {
    const grant = typeof token === 'string' ? this.grantOf(relative, token, cookie, true) : null;
    if (!grant) throw new ForbiddenException(MEDIA_LINK_INVALID);
    if (this.fresh(grant)) return grant;
    const refusal = await this.check(grant);
    if (refusal !== null) throw new ForbiddenException(refusal);
    return grant;
  }

  /**
   * The grant when what was checked in the last MEDIA_ACCESS_CACHE_MS lets this request in, with no
   * query, HMAC or wait (the media fast path); null when `authorize` must decide.
   */
  cached(relative: string, token: string | undefined, cookie: string | undefined): MediaGrant | null {
    const grant = typeof token === 'string' ? this.grantOf(relative, token, cookie, false) : null;
    return grant && this.fresh(grant) ? grant : null;
  }

  forgetCustomer(customerId: string | undefined): void {
    this.generation++;
    if (customerId === undefined) {
      this.allowed.clear();
      return;
    }
    const prefix = `${customerId} `;
    for (const key of this.allowed.keys()) if (key.startsWith(prefix)) this.allowed.delete(key);
  }

  /**
   * Whether an allowed check younger than MEDIA_ACCESS_CACHE_MS is kept; one older than
   * REFRESH_AFTER_MS is checked again in the background meanwhile, so a link in use never waits.
   */
  private fresh(grant: MediaGrant): boolean {
    const key = accessKey(grant);
    const at = this.allowed.get(key);
    const age = at === undefined ? Infinity : performance.now() - at;
    if (age >= MEDIA_ACCESS_CACHE_MS) return false;
    if (age >= REFRESH_AFTER_MS && !this.refreshing.has(key)) {
      this.refreshing.add(key);
      this.check(grant)
        .catch(() => undefined)
        .finally(() => this.refreshing.delete(key));
    }
    return true;
  }

  /** Checks session, access and terms now: null and kept when allowed, else the refusal (and nothing kept). */
  private async check(grant: MediaGrant): Promise<string | null> {
    const key = accessKey(grant);
    const generation = this.generation;
    const at = performance.now();
    const { opens, termsDue } = await this.access.mediaOpen(grant.c, grant.s, grant.i);
    // A signed link given before the terms were accepted (the documents) opens once they are.
    const refusal = !opens ? MEDIA_LINK_INVALID : termsDue ? MEDIA_TERMS_DUE : null;
    if (refusal !== null) this.allowed.delete(key);
    else if (generation === this.generation) {
      this.allowed.delete(key);
      if (this.allowed.size >= KEPT) this.allowed.delete(this.allowed.keys().next().value as string);
      this.allowed.set(key, at);
    }
    return refusal;
  }

  /** The token's grant for this file, not expired, with the session's cookie; `verify`: HMACs may be computed. */
  private grantOf(relative: string, token: string, cookie: string | undefined, verify: boolean): MediaGrant | null {
    let known = this.tokens.get(token);
    if (!known) {
      const grant = verify ? this.signer.verify(relative, token) : null;
      if (!grant) return null;
      known = { grant, cookies: new Set() };
      if (this.tokens.size >= KEPT) this.tokens.delete(this.tokens.keys().next().value as string);
      this.tokens.set(token, known);
    }
    const { grant, cookies } = known;
    if (grant.p !== relative || grant.e * 1000 <= this.clock.now().getTime()) return null;
    const header = cookie ?? '';
    if (!cookies.has(header)) {
      if (!verify || !this.signer.cookieMatches(cookie, grant.s)) return null;
      if (cookies.size < COOKIES_KEPT) cookies.add(header);
    }
    return grant;
  }
}
