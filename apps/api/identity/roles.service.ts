import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { Subscription } from 'rxjs';
import type { ExpiringSubscription, Role } from '#libs/contracts/identity.js';
import { rolesOf } from '#libs/domain/entitlements/roles.js';
import { type CustomerEntitlements, entitlementsOf } from '#libs/read-models/entitlements.js';
import { renewalOffer } from '#libs/read-models/renewal-offers.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/** Roles are read per request with a short cache (DESIGN.md section 6). */
export const ROLES_CACHE_MS = 5_000;
/** Subscriptions ending within this many days are listed in the login response's EXPIRATIONS (the toast). */
export const EXPIRING_WITHIN_DAYS = 30;

@Injectable()
export class RolesService implements OnModuleDestroy {
  private readonly cache = new Map<string, { at: number; entitlements: CustomerEntitlements }>();
  private readonly subscription: Subscription;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    eventBus: EventBus,
  ) {
    // A grant made by this process shows at once; other replicas see it when their cache entry ages out.
    this.subscription = eventBus.subscribe((event: unknown) => {
      const e = event as { type?: string; data?: { customerId?: string } };
      if ((e.type === 'SubscriptionGranted' || e.type === 'ProductAccessGranted') && e.data?.customerId) {
        this.cache.delete(e.data.customerId);
      }
    });
  }

  onModuleDestroy(): void {
    this.subscription.unsubscribe();
  }

  async entitlements(customerId: string): Promise<CustomerEntitlements> {
    const hit = this.cache.get(customerId);
    if (hit && Date.now() - hit.at < ROLES_CACHE_MS) return hit.entitlements;
    const entitlements = await entitlementsOf(this.pool, customerId);
    this.cache.set(customerId, { at: Date.now(), entitlements });
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value as string);
    return entitlements;
  }

  async rolesOf(customerId: string, now: Date = new Date()): Promise<Role[]> {
    return rolesOf(await this.entitlements(customerId), now);
  }

  /** Active subscriptions that end soon, latest term per type (signed-in section 2, expiring-subscription toast). */
  async expirations(customerId: string, now: Date = new Date()): Promise<ExpiringSubscription[]> {
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
