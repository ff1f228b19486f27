import { Command } from '@nestjs/cqrs';
import type { CardEntry } from '#libs/contracts/account.js';
import type { CardOnFile } from '#libs/contracts/cart.js';
import type { CmeLicence } from '#libs/crypto/cme-licence.js';

/**
 * The Card and CME info tabs' messages on the Nest CommandBus (handlers in card-cme.handlers.ts);
 * the demo seed sends them too.
 */

/**
 * Hands the typed card to the gateway and keeps its token on `card-{customerId}` (SaveCardOnFile);
 * answers the card kept. A card the gateway declines throws the DomainError `card_declined` whose
 * message is the gateway's text (402, account-errors.ts); nothing is appended.
 */
export class ReplaceCardCommand extends Command<CardOnFile> {
  constructor(
    readonly customerId: string,
    /** The card typed in (never stored, never logged), or the payment method Stripe.js made. */
    readonly card: CardEntry | { PAYMENTMETHOD: string },
  ) {
    super();
  }
}

/**
 * Records the date of birth (MM/DD/YYYY, already validated) encrypted on `customer-{customerId}`, and
 * the licence fields beside it (encrypted together) when given; `licence` undefined leaves the licence
 * on record as it is.
 */
export class RecordCmeInfoCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly dob: string,
    readonly licence?: CmeLicence,
  ) {
    super();
  }
}
