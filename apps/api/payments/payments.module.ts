import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/index.js';
import { RecordStripeEventHandler } from './payments.handlers.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/**
 * The payment processor's side of payments (docs/payments.md, Webhooks): Stripe's webhook endpoint,
 * recording each verified event once (libs/domain/payment-webhook). Charging is checkout's.
 */
@Module({
  imports: [CheckoutModule],
  controllers: [StripeWebhookController],
  providers: [RecordStripeEventHandler],
})
export class PaymentsModule {}
