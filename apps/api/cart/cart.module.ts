import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { CartController, OffersController } from './cart.controller.js';
import { CART_HANDLERS } from './cart.handlers.js';
import { CartService } from './cart.service.js';
import { OptionalJwtAuthGuard } from './optional-auth.guard.js';

/**
 * The event-sourced cart (libs/contracts/cart.ts): items, coupons, offers, merge on login, renewals.
 * Exports CartService (and the optional guard) so checkout can find, price and clear the cart.
 */
@Module({
  imports: [IdentityModule],
  controllers: [CartController, OffersController],
  providers: [CartService, OptionalJwtAuthGuard, ...CART_HANDLERS],
  exports: [CartService, OptionalJwtAuthGuard],
})
export class CartModule {}
