import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { faultPoint } from '#libs/application/fault-point.js';
import type { CodeRedeemed } from '#libs/domain/streaming/book-code.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { RequestContext } from '../kernel/request-context.js';
import { GrantEntitlementCommand } from './entitlements.messages.js';
import { EventProcessManager } from './process-manager.js';

/** Where a crash test kills the shop: CodeRedeemed is appended, the book not yet granted. */
export const REDEEM_BEFORE_GRANT = 'redeem:before-grant';

/**
 * The CodeRedeemed process manager (signed-in "Book redeem"): a redeemed book code grants the book's
 * videos, product access with `productType` STREAMING and source `bookcode:{CODE}` (a second run
 * appends nothing). The redeem request awaits it, so its answer comes once the book can be watched;
 * ProcessManagerSubscription runs it from the log too, so a crash between the two appends is completed
 * at the next start.
 */
@Injectable()
export class CodeRedeemedProcessManager extends EventProcessManager {
  readonly reactsTo: readonly CodeRedeemed['type'][] = ['CodeRedeemed'];

  constructor(
    private readonly commandBus: CommandBus,
    context: RequestContext,
  ) {
    super(context);
  }

  protected async step(recorded: RecordedEvent): Promise<number> {
    const { data } = recorded as unknown as CodeRedeemed;
    faultPoint(REDEEM_BEFORE_GRANT);
    const { appended } = await this.commandBus.execute(
      new GrantEntitlementCommand(data.customerId, {
        kind: 'product',
        productId: data.productId,
        productType: 'STREAMING',
        source: `bookcode:${data.code}`,
      }),
    );
    return appended;
  }
}
