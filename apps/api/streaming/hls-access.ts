import { ForbiddenException, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { Subscription } from 'rxjs';
import { Clock } from '#libs/application/clock.js';
import { PLAYBACK_ACCESS_ENDED, PLAYBACK_ELSEWHERE } from '#libs/contracts/streaming.js';
import { MediaSigner } from './media-signer.js';
import { ENDED_ELSEWHERE, type PlaybackLease, PlaybackLeases } from './playback-leases.js';
import { PlaybackTokens } from './playback-token.js';
import { StreamAccess } from './stream-access.js';

/** A lease and the checks that need the database are remembered this long (real time, not the clock). */
export const LEASE_CACHE_MS = 2000;
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
 * at once when it renews or ends it and when it hears of a session ending; other replicas within
 * LEASE_CACHE_MS.
 */
@Injectable()
export class HlsAccess implements OnModuleDestroy {
  private readonly cache = new Map<string, Checked>();
  /** Checks under way, shared by the requests of one lease that arrive together. */
  private readonly running = new Map<string, Promise<Checked>>();
  /** Bumped by every forget: a check that began before it is not kept. */
  private generation = 0;
  private readonly subscription: Subscription;

  constructor(
    private readonly leases: PlaybackLeases,
    private readonly tokens: PlaybackTokens,
    private readonly signer: MediaSigner,
    private readonly access: StreamAccess,
    private readonly clock: Clock,
    eventBus: EventBus,
  ) {
    this.subscription = eventBus.subscribe((event: unknown) => {
      const e = event as { type?: string; data?: { customerId?: string } };
      if (e.type === 'SessionEnded' && e.data?.customerId) this.forgetCustomer(e.data.customerId);
    });
  }

  onModuleDestroy(): void {
    this.subscription.unsubscribe();
  }

  /** The lease a media request may be served under, or 403 with the reason (never the token). */
  async authorize(token: string, cookie: string | undefined): Promise<PlaybackLease> {
    const key = this.tokens.keyOf(token);
    if (key === null) throw new ForbiddenException(PLAYBACK_ACCESS_ENDED);
    const { lease, allowed, verified } = await this.checked(key);
    if (!lease) throw new ForbiddenException(PLAYBACK_ACCESS_ENDED);
    const pair = `${token} ${cookie ?? ''}`;
    if (!verified.has(pair)) {
      if (!this.tokens.matches(token, key, lease.sessionId)) throw new ForbiddenException(PLAYBACK_ACCESS_ENDED);
      if (!this.signer.cookieMatches(cookie, lease.sessionId)) throw new ForbiddenException(PLAYBACK_ACCESS_ENDED);
      if (verified.size < VERIFIED_KEPT) verified.add(pair);
    }
    if (lease.endedReason === ENDED_ELSEWHERE) throw new ForbiddenException(PLAYBACK_ELSEWHERE);
    if (!allowed || lease.accessUntil.getTime() <= this.clock.now().getTime()) {
      throw new ForbiddenException(PLAYBACK_ACCESS_ENDED);
    }
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

  private async checked(key: string): Promise<Checked> {
    const hit = this.cache.get(key);
    if (hit && performance.now() - hit.at < LEASE_CACHE_MS) return hit;
    let running = this.running.get(key);
    if (!running) {
      const generation = this.generation;
      running = this.check(key).finally(() => this.running.delete(key));
      this.running.set(key, running);
      const checked = await running;
      if (generation === this.generation) {
        if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
        this.cache.set(key, checked);
      }
      return checked;
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
