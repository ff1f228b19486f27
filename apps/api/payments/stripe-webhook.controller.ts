import {
  BadRequestException,
  Controller,
  Headers,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  type RawBodyRequest,
  Req,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { ApiError } from '../kernel/errors.responses.js';
import { RequestContext } from '../kernel/request-context.js';
import { RecordStripeEventCommand } from './payments.messages.js';

/** The actor of what a webhook records: the processor, not a customer. */
export const STRIPE_ACTOR = 'stripe';

export const WEBHOOK_NOT_CONFIGURED = 'Stripe webhooks are not configured on this shop.';
export const BAD_SIGNATURE =
  'The Stripe-Signature header does not verify this body (or its timestamp is more than five minutes old or ahead).';
/** Stripe's tolerance on a signature's timestamp, both ways: the SDK checks only its age. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const SIGNATURE_MISSING = 'The Stripe-Signature header is missing.';

class WebhookAnswerDto {
  @ApiProperty({ description: 'Always true: the event is recorded (now, or by an earlier delivery)' })
  received!: boolean;

  @ApiProperty({ description: 'False when this event id was recorded before (a replay changes nothing)' })
  recorded!: boolean;
}

/**
 * Stripe's webhook endpoint (docs/payments.md, Webhooks). The signature is checked on the raw bytes
 * of the body with STRIPE_WEBHOOK_SECRET by the official SDK, against the injected clock's time
 * (Stripe's five-minute tolerance, which the SDK applies to the past only: a timestamp ahead of the
 * clock by more is refused here); only then is the event recorded, once per event id.
 */
@ApiTags('payments')
@Controller('payments/stripe')
export class StripeWebhookController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly commandBus: CommandBus,
    private readonly clock: Clock,
    private readonly context: RequestContext,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stripe webhook: verifies the signature, records the event once per Stripe event id' })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 't=TIMESTAMP,v1=HMAC-SHA256 (Stripe signs it)' })
  @ApiBody({ description: 'The Stripe event, exactly as Stripe sent it', schema: { type: 'object' } })
  @ApiOkResponse({ type: WebhookAnswerDto, description: 'Recorded, or recorded before (a replay)' })
  @ApiError(400, 'No signature, a forged one, a timestamp outside the tolerance, or a body that is not an event')
  @ApiError(404, 'STRIPE_WEBHOOK_SECRET is not set: the shop takes no Stripe webhooks')
  async receive(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookAnswerDto> {
    // The header first: a request without it is bad input (400) whether or not webhooks are configured.
    if (!signature) throw new BadRequestException(SIGNATURE_MISSING);
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new NotFoundException(WEBHOOK_NOT_CONFIGURED);
    const event = this.verified(request.rawBody ?? Buffer.alloc(0), signature, secret);
    this.context.setActor(STRIPE_ACTOR);
    const outcome = await this.commandBus.execute(new RecordStripeEventCommand(event));
    return { received: true, recorded: outcome.recorded };
  }

  private verified(body: Buffer, signature: string, secret: string): Stripe.Event {
    // In milliseconds: the SDK divides by 1000 before comparing with the header's seconds.
    const receivedAt = this.clock.now().getTime();
    // A signature made ahead of time (a stolen secret's, or a clock far off) would verify for as long as
    // it is ahead: refused like an old one.
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1] ?? Number.NaN);
    if (signedAt * 1000 > receivedAt + SIGNATURE_TOLERANCE_SECONDS * 1000) throw new BadRequestException(BAD_SIGNATURE);
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(
        body,
        signature,
        secret,
        SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        receivedAt,
      );
    } catch {
      // Forged, re-signed with another secret, too old, or signed but not JSON: never recorded.
      throw new BadRequestException(BAD_SIGNATURE);
    }
    if (typeof event?.id !== 'string' || event.id === '' || typeof event.type !== 'string') {
      throw new BadRequestException('The body is not a Stripe event.');
    }
    return event;
  }
}
