import { Module } from '@nestjs/common';
import { CodeRedeemedProcessManager } from './code-redeemed.process-manager.js';
import { GrantEntitlementHandler } from './grant-entitlement.handler.js';
import { MailProcessManager } from './mail.process-manager.js';
import { OrderPaidProcessManager } from './order-paid.process-manager.js';
import { OrderRefundedProcessManager } from './order-refunded.process-manager.js';
import { ProcessManagerSubscription } from './process-manager-subscription.js';
import { RevokeEntitlementsHandler } from './revoke-entitlements.handler.js';

/**
 * Entitlements (`entitlements-{customerId}`, libs/domain/entitlements): the GrantEntitlement command
 * (entitlements.messages.ts) and its handler, and the process managers that grant: OrderPaid (what a
 * paid order bought) and CodeRedeemed (the book of a redeemed code); RevokeEntitlements and the
 * OrderRefunded process manager take back what a fully refunded order granted. The request that
 * appended the event awaits its process manager (checkout for OrderPaid, streaming's redeem for
 * CodeRedeemed); ProcessManagerSubscription runs them from the log (OrderRefunded, appended by a CLI,
 * only from there), so a crash between the steps is completed at the next start. The demo seed sends GrantEntitlementCommand on the CommandBus. Roles are read from the
 * entitlements read model by identity's RolesService. The MailProcessManager writes the mails of
 * events to the outbox from the same subscription, after the grants of the event it reports.
 */
@Module({
  providers: [
    GrantEntitlementHandler,
    RevokeEntitlementsHandler,
    OrderPaidProcessManager,
    OrderRefundedProcessManager,
    CodeRedeemedProcessManager,
    MailProcessManager,
    ProcessManagerSubscription,
  ],
  exports: [OrderPaidProcessManager, CodeRedeemedProcessManager],
})
export class EntitlementsModule {}
