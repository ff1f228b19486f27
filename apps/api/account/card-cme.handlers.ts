import { BadRequestException, Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock, dayOf } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { encryptCmeLicence } from '#libs/crypto/cme-licence.js';
import { encryptDob } from '#libs/crypto/dob.js';
import { cardOnFileDecider } from '#libs/domain/card-on-file/card-on-file.decider.js';
import { cardStreamId } from '#libs/domain/card-on-file/card-on-file.events.js';
import { customerDecider } from '#libs/domain/customer/customer.decider.js';
import { cardNumberDigits, type CardOnFile } from '#libs/contracts/cart.js';
import { customerStreamId } from '#libs/domain/customer/customer.events.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '#libs/payments/payment-gateway.js';
import { CONFIG } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { notAfter } from '../kernel/validators.js';
import { CARD_DECLINED } from './account-errors.js';
import { DOB_RANGE_MESSAGE } from './card-cme.dto.js';
import { RecordCmeInfoCommand, ReplaceCardCommand } from './card-cme.messages.js';

/** The gateway gave no text with its decline (a real adapter might not). */
const DECLINED = 'Your card was declined.';

/**
 * The Card tab: the card goes to the gateway's `tokenize` and only what comes back (token, brand, last
 * four, expiry) is kept, as SaveCardOnFile on the card stream (the decider replaces the card on file).
 * A decline appends nothing and is refused as `card_declined` with the gateway's text (402). The
 * number and security code are never logged, stored or put in an error.
 */
@CommandHandler(ReplaceCardCommand)
export class ReplaceCardHandler implements ICommandHandler<ReplaceCardCommand> {
  private readonly logger = new Logger(ReplaceCardHandler.name);

  constructor(
    private readonly eventSourced: EventSourcedService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, card }: ReplaceCardCommand): Promise<CardOnFile> {
    const kept = await this.gateway.tokenize(
      'PAYMENTMETHOD' in card
        ? { paymentMethodId: card.PAYMENTMETHOD }
        : { number: cardNumberDigits(card.CC), month: Number(card.MONTH), year: Number(card.YEAR), cvc: card.SC },
    );
    if ('approved' in kept) {
      // The customer reads the shop's words; the processor's own reason is kept here.
      if (kept.processorReason) this.logger.log(`A card was declined by the processor: ${kept.processorReason}`);
      throw new DomainError(CARD_DECLINED, kept.errors[0] ?? DECLINED);
    }
    await this.eventSourced.execute(cardStreamId(customerId), cardOnFileDecider, {
      type: 'SaveCardOnFile',
      customerId,
      token: kept.token,
      brand: kept.brand,
      last4: kept.last4,
      month: kept.month,
      year: kept.year,
      now: this.clock.now().toISOString(),
    });
    return { BRAND: kept.brand, LAST4: kept.last4, MONTH: kept.month, YEAR: kept.year };
  }
}

/**
 * The CME info tab: the date of birth (a day not after today, on the shop's clock) encrypted
 * (AES-256-GCM, libs/crypto) exactly as checkout records it, and the licence fields encrypted the same
 * way (one value; none given: null, so nothing about them shows in the log).
 */
@CommandHandler(RecordCmeInfoCommand)
export class RecordCmeInfoHandler implements ICommandHandler<RecordCmeInfoCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, dob, licence }: RecordCmeInfoCommand): Promise<void> {
    const key = this.config.DOB_ENCRYPTION_KEY;
    if (!key) throw new Error('DOB_ENCRYPTION_KEY is not configured');
    const now = this.clock.now();
    if (!notAfter(dob, dayOf(now))) throw new BadRequestException({ message: [DOB_RANGE_MESSAGE] });
    const none = !licence || Object.values(licence).every((value) => value === null);
    await this.eventSourced.execute(customerStreamId(customerId), customerDecider, {
      type: 'RecordDateOfBirth',
      dobEncrypted: encryptDob(dob, key),
      ...(licence === undefined ? {} : { licenceEncrypted: none ? null : encryptCmeLicence(licence, key) }),
      now: now.toISOString(),
    });
  }
}

export const CARD_CME_HANDLERS = [ReplaceCardHandler, RecordCmeInfoHandler];
