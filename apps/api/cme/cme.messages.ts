import { Command } from '@nestjs/cqrs';
import type { CmeTestType } from '#libs/contracts/cme.js';
import type { CmeRecordData } from '#libs/domain/cme/cme.events.js';
import type { CmeIssuedCertificate } from '#libs/domain/cme/cme.state.js';

/**
 * The CME messages on the Nest CommandBus (one thin handler each in cme.handlers.ts). Each runs the
 * CME decider on the year stream `cme-{customerId}-{year}` with one of its commands
 * (libs/domain/cme/cme.commands.ts); who asks comes from the request context, never from here.
 */

/** Saves a test's answers: scored, capped, and recorded on the year of `takenAt`. Answers the event's data. */
export class SubmitCmeTestCommand extends Command<CmeRecordData> {
  constructor(
    readonly customerId: string,
    readonly testType: CmeTestType,
    readonly productId: number,
    readonly answers: number[],
    /** When the test was taken: the clock's now when absent (the demo seed dates earlier years). */
    readonly takenAt?: Date,
  ) {
    super();
  }
}

/**
 * Issues the year's certificate: prints it and records it, or answers the current one again when the
 * year prints the same. Answers the year's current certificate (its number).
 */
export class IssueCmeCertificateCommand extends Command<CmeIssuedCertificate> {
  constructor(
    readonly customerId: string,
    readonly year: number,
    /** The shop's public address (PUBLIC_URL, or the request's origin): the verify address and the credential's issuer. */
    readonly origin: string,
  ) {
    super();
  }
}
