/** The public surface of the cart module (what other modules of apps/api may import). */
export { CartModule } from './cart.module.js';
export { CartService, customerCartId } from './cart.service.js';
export { AddCartItemCommand } from './cart.messages.js';
export { type CartRequest, OptionalJwtAuthGuard } from './optional-auth.guard.js';
