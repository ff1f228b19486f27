import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import pg, { type Pool } from 'pg';
import type { Subscription } from 'rxjs';
import { Clock } from '#libs/application/clock.js';
import type { ExpiringSubscription, Role } from '#libs/contracts/identity.js';
import { rolesOf } from '#libs/domain/entitlements/roles.js';
import { type CustomerEntitlements, ENTITLEMENTS_CHANNEL, entitlementsOf } from '#libs/read-models/entitlements.js';
import { renewalOffer } from '#libs/read-models/renewal-offers.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/**
 * Roles are read per request with a short cache (docs/conventions.md, Identity, roles and payments),
 * emptied across replicas by NOTIFY.
 */
export const ROLES_CACHE_MS = 5_000;
/** Subscriptions ending within this many days are listed in the login response's EXPIRATIONS (the toast). */
export const EXPIRING_WITHIN_DAYS = 30;

/**
 * Roles are read per request from the entitlements read model, with a short cache per customer. Every
 * API process LISTENs on `entitlements_changed`, which the entitlements projection NOTIFYs inside its
 * transaction: a purchase on one replica empties the entry on every replica once the grant is in the
 * read model (scaled-out mode, docs/operations.md). While a process cannot listen it caches nothing.
 */
@Injectable()
export class RolesService implements OnModuleDestroy {
  private readonly cache = new Map<string, { at: number; entitlements: CustomerEntitlements }>();
  private readonly subscription: Subscription;
  /** Bumped by every change heard of: a read that began before it is not kept (it may predate the grant). */
  private generation = 0;
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;
  /** Told of every change this cache hears of (a customer id, or undefined for "anyone"). */
  private readonly changeListeners = new Set<(customerId: string | undefined) => void>();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    eventBus: EventBus,
    private readonly clock: Clock,
  ) {
    // A grant made by this process shows at once; other replicas hear of it through the NOTIFY.
    this.subscription = eventBus.subscribe((event: unknown) => {
      const e = event as { type?: string; data?: { customerId?: string } };
      if ((e.type === 'SubscriptionGranted' || e.type === 'ProductAccessGranted') && e.data?.customerId) {
        this.forget(e.data.customerId);
      }
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.subscription.unsubscribe();
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  async entitlements(customerId: string): Promise<CustomerEntitlements> {
    const listening = await this.listen();
    const hit = this.cache.get(customerId);
    if (listening && hit && Date.now() - hit.at < ROLES_CACHE_MS) return hit.entitlements;
    const generation = this.generation;
    const entitlements = await entitlementsOf(this.pool, customerId);
    if (!listening || generation !== this.generation) return entitlements;
    this.cache.set(customerId, { at: Date.now(), entitlements });
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value as string);
    return entitlements;
  }

  /**
   * Calls `listener` whenever a customer's entitlements change, on this replica or another (the same
   * NOTIFY that empties this cache): caches of what a customer may open (the media routes') forget it
   * at once. Answers the function that stops the calls.
   */
  onEntitlementsChanged(listener: (customerId: string | undefined) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private forget(customerId: string | undefined): void {
    this.generation++;
    if (customerId) this.cache.delete(customerId);
    else this.cache.clear();
    for (const listener of this.changeListeners) listener(customerId || undefined);
  }

  /** True while this process hears of entitlement changes (LISTEN); false while it cannot. */
  private async listen(): Promise<boolean> {
    if (this.closed) return false;
    if (this.listener) return true;
    const connectionString = (this.pool as unknown as { options?: pg.PoolConfig }).options?.connectionString;
    if (!connectionString) return false;
    this.listening ??= (async () => {
      const client = new pg.Client({ connectionString });
      client.on('error', () => {
        this.listener = null;
        this.listening = null;
        this.forget(undefined);
      });
      client.on('notification', (message) => this.forget(message.payload || undefined));
      await client.connect();
      await client.query(`LISTEN ${ENTITLEMENTS_CHANNEL}`);
      this.forget(undefined); // anything cached before listening may predate a grant
      if (this.closed) await client.end();
      else this.listener = client;
    })().catch(() => {
      this.listening = null;
    });
    await this.listening;
    return this.listener !== null;
  }

  async rolesOf(customerId: string): Promise<Role[]> {
    return rolesOf(await this.entitlements(customerId), this.clock.now());
  }

  /** Active subscriptions that end soon, latest term per type (signed-in section 2, expiring-subscription toast). */
  async expirations(customerId: string): Promise<ExpiringSubscription[]> {
    const now = this.clock.now();
    const { subscriptions } = await this.entitlements(customerId);
    const latest = new Map<string, { startsAt: string; expiresAt: string }>();
    for (const s of subscriptions) {
      const current = latest.get(s.subscriptionType);
      if (!current || Date.parse(s.expiresAt) > Date.parse(current.expiresAt)) latest.set(s.subscriptionType, s);
    }
    const horizon = now.getTime() + EXPIRING_WITHIN_DAYS * 24 * 60 * 60 * 1000;
    const expiring = [...latest.entries()]
      .filter(([, s]) => Date.parse(s.startsAt) <= now.getTime() && Date.parse(s.expiresAt) > now.getTime())
      .filter(([, s]) => Date.parse(s.expiresAt) <= horizon);
    // Renewal offers (COST and a link per term at 10% off) come from the cart's renewal rule.
    return Promise.all(
      expiring.map(async ([type, s]) => ({
        TYPE: type,
        DT: s.expiresAt.slice(0, 10),
        ...(await renewalOffer(this.pool, type)),
      })),
    );
  }
}
