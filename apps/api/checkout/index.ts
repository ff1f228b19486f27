/** The public surface of the checkout module (what other modules of apps/api may import). */
export { AddressReferences, addressMessages } from './contact-validation.js';
export { CheckoutModule } from './checkout.module.js';
export { CheckoutService } from './checkout.service.js';
export { PayCommand } from './checkout.messages.js';
export { CHECKOUT_PAYMENTS_SCHEMA, PaymentClaims } from './payment-claims.js';
export { PaymentSettlement } from './payment-settlement.js';
export { DOB_FORMAT_MESSAGE, DOB_REQUIRED_MESSAGE, PAYMENT_METHOD_MESSAGE, type PayDto } from './checkout.dto.js';
export { SubscriptionsDto } from './checkout.responses.js';
