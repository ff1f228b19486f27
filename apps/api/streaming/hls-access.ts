import { ForbiddenException, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { Subscription } from 'rxjs';
import { Clock } from '#libs/application/clock.js';
import { PLAYBACK_ACCESS_ENDED, PLAYBACK_ELSEWHERE } from '#libs/contracts/streaming.js';
import { RolesService } from '../identity/index.js';
import { MediaSigner } from './media-signer.js';
import { ENDED_ELSEWHERE, type PlaybackLease, PlaybackLeases } from './playback-leases.js';
import { PlaybackTokens } from './playback-token.js';
import { StreamAccess } from './stream-access.js';

/** A lease and the checks that need the database are remembered this long (real time, not the clock). */
export const LEASE_CACHE_MS = 5000;
/** A kept check older than this is checked again in the background while it still serves. */
export const REFRESH_AFTER_MS = 3000;
const CACHE_SIZE = 20_000;

interface Checked {
  /** performance.now() of the check. */
  at: number;
  lease: PlaybackLease | null;
  /** Session live, access to the product now, its terms accepted. */
  allowed: boolean;
  /** Token and cookie header pairs already verified for this lease (two HMACs saved per request). */
  verified: Set<string>;
}

const VERIFIED_KEPT = 16;

/**
 * Who may fetch a playback's media: the token's lease (its HMAC for the lease's session), the session's
 * media cookie, the lease not ended elsewhere and not expired (every request, against the clock), and
 * the session live, the access to the product and its Terms of Use (checked when the lease is read,
 * at most every LEASE_CACHE_MS per lease, so a segment costs no query). This process forgets a lease
 * at once when it renews or ends it and when it hears of a session ending, other replicas within
 * LEASE_CACHE_MS; every replica forgets a customer's leases at once when their entitlements change
 * (RolesService's NOTIFY). `cached` answers from what is kept alone, for the media fast path.
 */
@Injectable()
export class HlsAccess implements OnModuleDestroy {
  private readonly cache = new Map<string, Checked>();
  /** Checks under way, shared by the requests of one lease that arrive together. */
  private readonly running = new Map<string, Promise<Checked>>();
  /** Bumped by every forget: a check that began before it is not kept. */
  private generation = 0;
  private readonly subscription: Subscription;
  private readonly stopHearing: () => void;

  constructor(
    private readonly leases: PlaybackLeases,
    private readonly tokens: PlaybackTokens,
    private readonly signer: MediaSigner,
    private readonly access: StreamAccess,
    private readonly clock: Clock,
    eventBus: EventBus,
    roles: RolesService,
  ) {
    this.subscription = eventBus.subscribe((event: unknown) => {
      const e = event as { type?: string; data?: { customerId?: string } };
      if (e.type === 'SessionEnded' && e.data?.customerId) this.forgetCustomer(e.data.customerId);
    });
    // A refund or a revocation on any replica: its leases are checked again at their next request.
    this.stopHearing = roles.onEntitlementsChanged((customerId) =>
      customerId === undefined ? this.forgetWhere(() => true) : this.forgetCustomer(customerId),
    );
  }

  onModuleDestroy(): void {
    this.subscription.unsubscribe();
    this.stopHearing();
  }

  /** The lease a media request may be served under, or 403 with the reason (never the token). */
  async authorize(token: string, cookie: string | undefined): Promise<PlaybackLease> {
    const key = this.tokens.keyOf(token);
    if (key === null) throw new ForbiddenException(PLAYBACK_ACCESS_ENDED);
    const verdict = this.verdict(await this.checked(key), token, key, cookie);
    if (typeof verdict === 'string') throw new ForbiddenException(verdict);
    return verdict;
  }

  /**
   * The lease when a check of the last LEASE_CACHE_MS lets this request in, without a query or a wait
   * (the media fast path, media-fast-path.ts); null when `authorize` must decide (nothing checked, or a refusal).
   */
  cached(token: string, cookie: string | undefined): PlaybackLease | null {
    const key = this.tokens.keyOf(token);
    const hit = key === null ? null : this.fresh(key);
    if (key === null || !hit) return null;
    const verdict = this.verdict(hit, token, key, cookie);
    return typeof verdict === 'string' ? null : verdict;
  }

  /** The lease, or the refusal's message: token and cookie of the lease's session, not ended, access now. */
  private verdict(checked: Checked, token: string, key: string, cookie: string | undefined): PlaybackLease | string {
    const { lease, allowed, verified } = checked;
    if (!lease) return PLAYBACK_ACCESS_ENDED;
    const pair = `${token} ${cookie ?? ''}`;
    if (!verified.has(pair)) {
      if (!this.tokens.matches(token, key, lease.sessionId)) return PLAYBACK_ACCESS_ENDED;
      if (!this.signer.cookieMatches(cookie, lease.sessionId)) return PLAYBACK_ACCESS_ENDED;
      if (verified.size < VERIFIED_KEPT) verified.add(pair);
    }
    if (lease.endedReason === ENDED_ELSEWHERE) return PLAYBACK_ELSEWHERE;
    if (!allowed || lease.accessUntil.getTime() <= this.clock.now().getTime()) return PLAYBACK_ACCESS_ENDED;
    return lease;
  }

  forget(tokenKey: string): void {
    this.cache.delete(tokenKey);
    this.generation++;
  }

  forgetViewing(viewingId: string): void {
    this.forgetWhere((lease) => lease.viewingId === viewingId);
  }

  forgetCustomer(customerId: string): void {
    this.forgetWhere((lease) => lease.customerId === customerId);
  }

  private forgetWhere(match: (lease: PlaybackLease) => boolean): void {
    for (const [key, checked] of this.cache) if (checked.lease && match(checked.lease)) this.cache.delete(key);
    // A check still running may have read the lease before the change: its answer is not kept.
    this.generation++;
  }

  /** What is kept of a lease, or a new check (shared by the requests that arrive meanwhile). */
  private async checked(key: string): Promise<Checked> {
    const hit = this.fresh(key);
    return hit ?? this.recheck(key);
  }

  /**
   * The kept check when younger than LEASE_CACHE_MS; one older than REFRESH_AFTER_MS is checked again
   * in the background meanwhile, so a lease in use is never waited for (a request is still never let
   * in on a check older than LEASE_CACHE_MS).
   */
  private fresh(key: string): Checked | null {
    const hit = this.cache.get(key);
    const age = hit === undefined ? Infinity : performance.now() - hit.at;
    if (!hit || age >= LEASE_CACHE_MS) return null;
    if (age >= REFRESH_AFTER_MS && !this.running.has(key)) this.recheck(key).catch(() => undefined);
    return hit;
  }

  private recheck(key: string): Promise<Checked> {
    let running = this.running.get(key);
    if (!running) {
      const generation = this.generation;
      running = this.check(key)
        .then((checked) => {
          if (generation === this.generation) {
            // The token and cookie pairs verified for the same session stay verified.
            const before = this.cache.get(key);
            if (before?.lease && checked.lease?.sessionId === before.lease.sessionId) {
              for (const pair of before.verified) checked.verified.add(pair);
            }
            this.cache.delete(key);
            if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
            this.cache.set(key, checked);
          }
          return checked;
        })
        .finally(() => this.running.delete(key));
      this.running.set(key, running);
    }
    return running;
  }

  private async check(key: string): Promise<Checked> {
    const at = performance.now();
    const lease = await this.leases.byKey(key);
    if (!lease) return { at, lease, allowed: false, verified: new Set() };
    const { opens, termsDue } = await this.access.mediaOpen(lease.customerId, lease.sessionId, lease.productId);
    const allowed = opens && !termsDue;
    return { at, lease, allowed, verified: new Set() };
  }
}
