import { Module } from '@nestjs/common';
import type { Pool } from 'pg';
import { PAYMENT_GATEWAY } from '#libs/payments/payment-gateway.js';
import { SandboxGateway, pgSandboxStore } from '#libs/payments/sandbox-gateway.js';
import { CartModule } from '../cart/cart.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';
import { OrderPaidProcessManager } from './order-paid.process-manager.js';
import { OrdersController } from './orders.controller.js';
import { PayService } from './pay.service.js';
import { PaymentClaims } from './payment-claims.js';
import { PaymentSettlement } from './payment-settlement.js';

/**
 * Checkout and orders (libs/contracts/cart.ts): quote, pay through the PaymentGateway port (the
 * built-in sandbox gateway, DESIGN.md section 6), orders, receipts, subscriptions, card on file and
 * the OrderPaid process manager that grants access.
 */
@Module({
  imports: [IdentityModule, CartModule],
  controllers: [CheckoutController, OrdersController],
  providers: [
    CheckoutService,
    PayService,
    PaymentSettlement,
    OrderPaidProcessManager,
    { provide: PaymentClaims, inject: [PG_POOL], useFactory: (pool: Pool) => new PaymentClaims(pool) },
    {
      provide: PAYMENT_GATEWAY,
      inject: [PG_POOL],
      useFactory: (pool: Pool) => new SandboxGateway(pgSandboxStore(pool)),
    },
  ],
  exports: [CheckoutService, PAYMENT_GATEWAY],
})
export class CheckoutModule {}
