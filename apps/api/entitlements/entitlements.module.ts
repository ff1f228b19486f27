import { Module } from '@nestjs/common';
import { GrantEntitlementHandler } from './grant-entitlement.handler.js';
import { OrderPaidProcessManager } from './order-paid.process-manager.js';

/**
 * Entitlements (`entitlements-{customerId}`, libs/domain/entitlements): the GrantEntitlement command
 * (entitlements.messages.ts) and its handler, and the OrderPaid process manager that grants what a
 * paid order bought. Checkout imports it for OrderPaidProcessManager (a payment answers after the
 * grants); the demo seed sends GrantEntitlementCommand on the CommandBus. Roles are read from the
 * entitlements read model by identity's RolesService.
 */
@Module({
  providers: [GrantEntitlementHandler, OrderPaidProcessManager],
  exports: [OrderPaidProcessManager],
})
export class EntitlementsModule {}
