/** The public surface of the cart module (what other modules of apps/api may import). */
export { CartModule } from './cart.module.js';
export { CartService } from './cart.service.js';
export { type CartRequest, OptionalJwtAuthGuard } from './optional-auth.guard.js';
