import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { grantsForPaidOrder, latestExpiries } from '#libs/domain/entitlements/grants-for-order.js';
import type { OrderPaid } from '#libs/domain/order/order.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { entitlementsOf } from '#libs/read-models/entitlements.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { RequestContext } from '../kernel/request-context.js';
import { type Grant, GrantEntitlementCommand } from './entitlements.messages.js';
import { EventProcessManager } from './process-manager.js';

/**
 * The OrderPaid process manager (signed-in section 4): a paid order grants access at once —
 * SubscriptionGranted per subscription line (extending from the later of today and the current
 * expiry), product access for STREAMING, BOTH and iflap lines, cme through the current year — through
 * GrantEntitlement commands computed by grantsForPaidOrder. Guests get none.
 *
 * The pay flow awaits it (so the payment answers after the roles changed); ProcessManagerSubscription
 * runs it from the log too, so a crash after OrderPaid is completed at the next start. Both join one
 * run per event id, and a second run appends nothing: every grant names `order:{ONUM}` as its source.
 */
@Injectable()
export class OrderPaidProcessManager extends EventProcessManager {
  readonly reactsTo: readonly OrderPaid['type'][] = ['OrderPaid'];

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly commandBus: CommandBus,
    context: RequestContext,
  ) {
    super(context);
  }

  /** Runs the grants of one OrderPaid event; answers how many entitlement events were appended. */
  protected async step(recorded: RecordedEvent): Promise<number> {
    const { data } = recorded as unknown as OrderPaid;
    if (data.customerId === null) return 0;
    const customerId = data.customerId;
    const { subscriptions } = await entitlementsOf(this.pool, customerId);
    const grants = grantsForPaidOrder(data, latestExpiries(subscriptions), data.paidAt.slice(0, 10));
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
      const result = await this.commandBus.execute(new GrantEntitlementCommand(customerId, grant));
      appended += result.appended;
    }
    return appended;
  }
}
