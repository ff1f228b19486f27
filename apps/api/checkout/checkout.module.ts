import { Module } from '@nestjs/common';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { createPaymentGateway } from '#libs/payments/create-payment-gateway.js';
import { PAYMENT_GATEWAY } from '#libs/payments/payment-gateway.js';
import { CartModule } from '../cart/index.js';
import { CatalogModule } from '../catalog/index.js';
import { EntitlementsModule } from '../entitlements/index.js';
import { IdentityModule } from '../identity/index.js';
import { CONFIG, PG_POOL } from '../infrastructure/tokens.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';
import { AddressReferences } from './contact-validation.js';
import { OrdersController } from './orders.controller.js';
import { PayHandler } from './pay.handler.js';
import { PaymentClaims } from './payment-claims.js';
import { PaymentSettlement } from './payment-settlement.js';

/**
 * Checkout and orders (libs/contracts/cart.ts): quote, pay (PayCommand on the CommandBus, PayHandler)
 * through the PaymentGateway port (the adapter PAYMENT_GATEWAY names; docs/payments.md), the
 * settlement of interrupted payments, orders, receipts, subscriptions and the card on file. The
 * grants of a paid order are the entitlements module's (OrderPaidProcessManager).
 */
@Module({
  imports: [IdentityModule, CartModule, EntitlementsModule, CatalogModule],
  controllers: [CheckoutController, OrdersController],
  providers: [
    CheckoutService,
    AddressReferences,
    PayHandler,
    PaymentSettlement,
    { provide: PaymentClaims, inject: [PG_POOL], useFactory: (pool: Pool) => new PaymentClaims(pool) },
    {
      provide: PAYMENT_GATEWAY,
      inject: [CONFIG, PG_POOL, Clock],
      useFactory: (config: Config, pool: Pool, clock: Clock) => createPaymentGateway(config, pool, clock),
    },
  ],
  exports: [CheckoutService, PAYMENT_GATEWAY, AddressReferences, PaymentSettlement],
})
export class CheckoutModule {}
