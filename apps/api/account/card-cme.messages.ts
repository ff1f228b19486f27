import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import type { CardEntry } from '#libs/contracts/account.js';
import type { CardOnFile } from '#libs/contracts/cart.js';

/**
 * The Card and CME info tabs' messages on the Nest CommandBus (handlers in card-cme.handlers.ts);
 * the demo seed sends them too.
 */

/** What a card replacement came to: kept on file, or the gateway's decline text (nothing appended). */
export type CardReplaced = { saved: true; card: CardOnFile } | { saved: false; declined: string };

/** Hands the typed card to the gateway and keeps its token on `card-{customerId}` (SaveCardOnFile). */
export class ReplaceCardCommand extends Command<CardReplaced> {
  constructor(
    readonly customerId: string,
    /** Never stored, never logged. */
    readonly card: CardEntry,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Records the date of birth (MM/DD/YYYY, already validated) encrypted on `customer-{customerId}`. */
export class RecordCmeInfoCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly dob: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
