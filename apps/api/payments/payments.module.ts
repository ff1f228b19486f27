import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/index.js';
import { CardSetupAttempts } from './card-setup-attempts.js';
import { PaymentsController } from './payments.controller.js';
import { RecordStripeEventHandler } from './payments.handlers.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/**
 * The payment processor's side of payments (docs/payments.md): which card fields the browser shows and
 * the card setup of Stripe's; Stripe's webhook endpoint, recording each verified event once
 * (libs/domain/payment-webhook). Charging is checkout's.
 */
@Module({
  imports: [CheckoutModule],
  controllers: [PaymentsController, StripeWebhookController],
  providers: [RecordStripeEventHandler, CardSetupAttempts],
})
export class PaymentsModule {}
