/** The public surface of the entitlements module (what other modules of apps/api may import). */
export { CodeRedeemedProcessManager } from './code-redeemed.process-manager.js';
export { type Grant, GrantEntitlementCommand } from './entitlements.messages.js';
export { EntitlementsModule } from './entitlements.module.js';
export { OrderPaidProcessManager } from './order-paid.process-manager.js';
export { PROCESS_MANAGER_CHECKPOINTS_SCHEMA } from './process-manager-subscription.js';
