import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { CommandBus, EventBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { Subscription } from 'rxjs';
import { type CurrentExpiries, grantsForPaidOrder } from '#libs/domain/entitlements/grants-for-order.js';
import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';
import type { OrderPaid } from '#libs/domain/order/order.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { entitlementsOf } from '#libs/read-models/entitlements.js';
import { type Grant, GrantEntitlementCommand } from './entitlements.messages.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/**
 * The OrderPaid process manager (signed-in section 4): a paid order grants access at once —
 * SubscriptionGranted per subscription line (extending from the later of today and the current
 * expiry), product access for STREAMING, BOTH and iflap lines, cme through the current year — through
 * GrantEntitlement commands computed by grantsForPaidOrder. Guests get none.
 *
 * It listens on the EventBus and the pay flow also awaits it directly (so the payment answers after the
 * roles changed); both join the same run per event id. A second run appends nothing: every grant names
 * `order:{ONUM}` as its source.
 */
@Injectable()
export class OrderPaidProcessManager implements OnModuleDestroy {
  private readonly logger = new Logger(OrderPaidProcessManager.name);
  private readonly runs = new Map<string, Promise<number>>();
  private readonly subscription: Subscription;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly commandBus: CommandBus,
    eventBus: EventBus,
  ) {
    this.subscription = eventBus.subscribe((event: unknown) => {
      const e = event as Partial<RecordedEvent>;
      if (e.type === 'OrderPaid' && typeof e.id === 'string') {
        this.handle(e as RecordedEvent).catch((error: unknown) =>
          this.logger.error(`Granting order ${String(e.streamId)} failed: ${String(error)}`),
        );
      }
    });
  }

  onModuleDestroy(): void {
    this.subscription.unsubscribe();
  }

  /** Runs the grants of one OrderPaid event; answers how many entitlement events were appended. */
  handle(recorded: RecordedEvent): Promise<number> {
    const running = this.runs.get(recorded.id);
    if (running) return running;
    const run = this.grant(recorded);
    this.runs.set(recorded.id, run);
    if (this.runs.size > 1000) this.runs.delete(this.runs.keys().next().value as string);
    run.catch(() => this.runs.delete(recorded.id));
    return run;
  }

  private async grant(recorded: RecordedEvent): Promise<number> {
    const { data } = recorded as unknown as OrderPaid;
    if (data.customerId === null) return 0;
    const customerId = data.customerId;
    const { subscriptions } = await entitlementsOf(this.pool, customerId);
    const expiries: CurrentExpiries = {};
    for (const s of subscriptions) {
      const type = s.subscriptionType as SubscriptionType;
      const current = expiries[type];
      if (current === undefined || Date.parse(s.expiresAt) > Date.parse(current)) expiries[type] = s.expiresAt;
    }
    const grants = grantsForPaidOrder(data, expiries, data.paidAt.slice(0, 10));
    const context = {
      actorId: recorded.metadata.actorId,
      correlationId: recorded.metadata.correlationId,
      causationId: recorded.id,
    };
    let appended = 0;
    for (const g of grants) {
      const grant: Grant =
        g.type === 'GrantSubscription'
          ? {
              kind: 'subscription',
              subscriptionType: g.subscriptionType,
              startsAt: g.startsAt,
              expiresAt: g.expiresAt,
              source: g.source,
            }
          : { kind: 'product', productId: g.productId, productType: g.productType, source: g.source };
      const result = await this.commandBus.execute(new GrantEntitlementCommand(customerId, grant, context));
      appended += result.appended;
    }
    return appended;
  }
}
