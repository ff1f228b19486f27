import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { concurrentChange } from '#libs/application/conflict-retry.js';
import { hashToken } from '#libs/crypto/tokens.js';
import { customerDecider } from '#libs/domain/customer/customer.decider.js';
import { CustomerErrors } from '#libs/domain/customer/customer.errors.js';
import { customerStreamId } from '#libs/domain/customer/customer.events.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { CustomerLookup } from './customer-lookup.js';
import { EmailReservations } from './email-reservations.js';
import { ConfirmEmailChangeCommand, UndoEmailChangeCommand } from './identity.commands.js';

const invalidLink = () => new DomainError('invalid_email_change_link', CustomerErrors.invalid_email_change_link);
const emailTaken = () => new DomainError('email_taken', CustomerErrors.email_taken);

/**
 * Moves the account's email reservation from `from` to `to` around `change` (the append), as a
 * registration reserves before it appends: 409 "already in use" when another account holds `to`
 * (registered meanwhile by its real owner), 409 "changed at the same moment" when this account no
 * longer holds `from` (another link of the account was followed first).
 */
async function movingReservation(
  reservations: EmailReservations,
  from: string,
  to: string,
  customerId: string,
  change: () => Promise<unknown>,
): Promise<void> {
  const moved = await reservations.changeUnder(from, to, customerId, change);
  if (moved === 'taken') throw emailTaken();
  if (moved === 'not_held') throw concurrentChange();
}

/**
 * user/confirm-email: the link mailed to the new address. Only now is the new address reserved for
 * the account (until then its real owner may register it) and used for login and mail.
 */
@CommandHandler(ConfirmEmailChangeCommand)
export class ConfirmEmailChangeHandler implements ICommandHandler<ConfirmEmailChangeCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly customers: CustomerLookup,
    private readonly reservations: EmailReservations,
    private readonly clock: Clock,
  ) {}

  async execute({ input }: ConfirmEmailChangeCommand): Promise<void> {
    const customer = await this.customers.byId(input.ID);
    const pending = customer.pendingEmail;
    if (!customer.exists || customer.email === null || pending === null) throw invalidLink();
    // A wrong link never holds the new address, not even for the moment of a decision.
    if (pending.tokenHash !== hashToken(input.TOKEN)) throw invalidLink();
    const expectedEmail = customer.email;
    await movingReservation(this.reservations, expectedEmail, pending.email, input.ID, () =>
      this.eventSourced.execute(customerStreamId(input.ID), customerDecider, {
        type: 'ConfirmEmailChange',
        tokenHash: hashToken(input.TOKEN),
        expectedEmail,
        now: this.clock.now().toISOString(),
      }),
    );
  }
}

/**
 * user/undo-email-change: the link mailed to the old address. A pending change is dropped; a confirmed
 * one is reversed, the old address reserved again. Either way every session of the account ends.
 */
@CommandHandler(UndoEmailChangeCommand)
export class UndoEmailChangeHandler implements ICommandHandler<UndoEmailChangeCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly customers: CustomerLookup,
    private readonly reservations: EmailReservations,
    private readonly clock: Clock,
  ) {}

  async execute({ input }: UndoEmailChangeCommand): Promise<void> {
    const customer = await this.customers.byId(input.ID);
    const undo = customer.emailUndo;
    if (!customer.exists || customer.email === null || undo === null) throw invalidLink();
    if (undo.tokenHash !== hashToken(input.TOKEN)) throw invalidLink();
    const expectedEmail = customer.email;
    const run = () =>
      this.eventSourced.execute(customerStreamId(input.ID), customerDecider, {
        type: 'UndoEmailChange',
        tokenHash: hashToken(input.TOKEN),
        expectedEmail,
        now: this.clock.now().toISOString(),
      });
    // Not confirmed yet: the reservation never moved.
    if (expectedEmail === undo.previousEmail) {
      await run();
      return;
    }
    await movingReservation(this.reservations, expectedEmail, undo.previousEmail, input.ID, run);
  }
}
