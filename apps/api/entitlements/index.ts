/** The public surface of the entitlements module (what other modules of apps/api may import). */
export { type Grant, GrantEntitlementCommand } from './entitlements.messages.js';
export { EntitlementsModule } from './entitlements.module.js';
export { OrderPaidProcessManager } from './order-paid.process-manager.js';
