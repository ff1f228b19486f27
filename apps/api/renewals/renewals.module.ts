import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/index.js';
import { EntitlementsModule } from '../entitlements/index.js';
import { IdentityModule } from '../identity/index.js';
import { RenewalSchedule } from './renewal-schedule.js';
import { RenewalService } from './renewal.service.js';
import { RenewalsController } from './renewals.controller.js';
import { RenewSubscriptionHandler } from './renewals.handlers.js';

/**
 * Automatic renewals (libs/domain/renewal; docs/payments.md, Renewals): the schedule (a timer, and
 * `runOnce` for tests and operators), RenewSubscriptionCommand and its handler, the renewal's steps
 * (RenewalService: an ordinary order placed for the customer, charged to the card on file through the
 * PaymentGateway port, granted by the OrderPaid process manager) and the failed renewals' endpoint.
 */
@Module({
  imports: [IdentityModule, CheckoutModule, EntitlementsModule],
  controllers: [RenewalsController],
  providers: [RenewalService, RenewSubscriptionHandler, RenewalSchedule],
})
export class RenewalsModule {}
