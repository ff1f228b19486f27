/** The public surface of the checkout module (what other modules of apps/api may import). */
export { AddressReferences, addressMessages } from './contact-validation.js';
export { CheckoutModule } from './checkout.module.js';
export { DOB_FORMAT_MESSAGE, DOB_REQUIRED_MESSAGE } from './checkout.dto.js';
