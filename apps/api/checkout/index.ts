/** The public surface of the checkout module (what other modules of apps/api may import). */
export { addressMessages, loadAddressReference } from './contact-validation.js';
