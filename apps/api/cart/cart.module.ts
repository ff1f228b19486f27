import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { CartService } from './cart.service.js';
import { OptionalJwtAuthGuard } from './optional-auth.guard.js';

/**
 * The event-sourced cart (libs/contracts/cart.ts): items, coupons, offers, merge on login, renewals.
 * Exports CartService so checkout can price the cart and clear it after payment.
 */
@Module({
  imports: [IdentityModule],
  providers: [CartService, OptionalJwtAuthGuard],
  exports: [CartService, OptionalJwtAuthGuard],
})
export class CartModule {}
