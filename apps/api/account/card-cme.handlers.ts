import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Config } from '#libs/config/config.js';
import { encryptDob } from '#libs/crypto/dob.js';
import { cardOnFileDecider } from '#libs/domain/card-on-file/card-on-file.decider.js';
import { cardStreamId } from '#libs/domain/card-on-file/card-on-file.events.js';
import { customerDecider } from '#libs/domain/customer/customer.decider.js';
import { customerStreamId } from '#libs/domain/customer/customer.events.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '#libs/payments/payment-gateway.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';
import { type CardReplaced, RecordCmeInfoCommand, ReplaceCardCommand } from './card-cme.messages.js';

/** The gateway gave no text with its decline (a real adapter might not). */
const DECLINED = 'Your card was declined.';

/**
 * The Card tab: the card goes to the gateway's `tokenize` and only what comes back (token, brand, last
 * four, expiry) is kept, as SaveCardOnFile on the card stream (the decider replaces the card on file).
 * A decline appends nothing. The number and security code are never logged, stored or put in an error.
 */
@CommandHandler(ReplaceCardCommand)
export class ReplaceCardHandler implements ICommandHandler<ReplaceCardCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async execute({ customerId, card, context }: ReplaceCardCommand): Promise<CardReplaced> {
    const kept = await this.gateway.tokenize({
      number: card.CC.replace(/[\s-]/g, ''),
      month: Number(card.MONTH),
      year: Number(card.YEAR),
      cvc: card.SC,
    });
    if ('approved' in kept) return { saved: false, declined: kept.errors[0] ?? DECLINED };
    await this.eventSourced.execute(
      cardStreamId(customerId),
      cardOnFileDecider,
      {
        type: 'SaveCardOnFile',
        customerId,
        token: kept.token,
        brand: kept.brand,
        last4: kept.last4,
        month: kept.month,
        year: kept.year,
        now: new Date().toISOString(),
      },
      context,
    );
    return { saved: true, card: { BRAND: kept.brand, LAST4: kept.last4, MONTH: kept.month, YEAR: kept.year } };
  }
}

/** The CME info tab: the date of birth encrypted (AES-256-GCM, libs/crypto) exactly as checkout records it. */
@CommandHandler(RecordCmeInfoCommand)
export class RecordCmeInfoHandler implements ICommandHandler<RecordCmeInfoCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ customerId, dob, context }: RecordCmeInfoCommand): Promise<void> {
    const key = this.config.DOB_ENCRYPTION_KEY;
    if (!key) throw new Error('DOB_ENCRYPTION_KEY is not configured');
    await this.eventSourced.execute(
      customerStreamId(customerId),
      customerDecider,
      { type: 'RecordDateOfBirth', dobEncrypted: encryptDob(dob, key), now: new Date().toISOString() },
      context,
    );
  }
}

export const CARD_CME_HANDLERS = [ReplaceCardHandler, RecordCmeInfoHandler];
