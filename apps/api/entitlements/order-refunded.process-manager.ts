import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { faultPoint } from '#libs/application/fault-point.js';
import type { OrderRefunded } from '#libs/domain/order/order.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { RequestContext } from '../kernel/request-context.js';
import { RevokeEntitlementsCommand } from './entitlements.messages.js';
import { EventProcessManager } from './process-manager.js';

/** Where a crash test kills the shop: OrderRefunded is appended, the access not yet taken back. */
export const REFUND_BEFORE_REVOKE = 'refund:before-revoke';

/**
 * The OrderRefunded process manager: a full refund takes back what the paid order granted (every grant
 * of source `order:{ONUM}`: subscriptions, the CME year, streaming and app access); a partial refund
 * keeps it. `npm run order:refund` appends the event, often with the shop stopped:
 * ProcessManagerSubscription runs this from the log (live, or at the next start before the shop opens),
 * and a second run appends nothing.
 */
@Injectable()
export class OrderRefundedProcessManager extends EventProcessManager {
  readonly reactsTo: readonly OrderRefunded['type'][] = ['OrderRefunded'];

  constructor(
    private readonly commandBus: CommandBus,
    context: RequestContext,
  ) {
    super(context);
  }

  protected async step(recorded: RecordedEvent): Promise<number> {
    const { data } = recorded as unknown as OrderRefunded;
    if (!data.full || data.customerId === null) return 0;
    faultPoint(REFUND_BEFORE_REVOKE);
    const { appended } = await this.commandBus.execute(
      new RevokeEntitlementsCommand(data.customerId, `order:${data.onum}`, 'order_refunded'),
    );
    return appended;
  }
}
