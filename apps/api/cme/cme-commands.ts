import { randomBytes, randomUUID } from 'node:crypto';
import { ConflictException, Injectable } from '@nestjs/common';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import { CME_BUSY } from '#libs/contracts/cme.js';
import { type CmeRecordData, cmeStreamId } from '#libs/domain/cme/cme.events.js';
import { WrongExpectedRevisionError } from '#libs/eventstore/event-store.port.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';
import { answering } from './cme-errors.js';
import { cmeDecider } from './cme-hash.js';
import type { CmeTestProduct } from './cme-tests.js';

/** Rounds of EventSourcedService.execute (each retries a conflict 5 times) before a submit answers 409 CME_BUSY. */
const ROUNDS = 8;
const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A certificate number: `{year}-XXXX-XXXX` (no 0/O, 1/I), random, issued once per customer and year. */
export function newCertificateNumber(year: number): string {
  const chars = [...randomBytes(8)].map((b) => BASE32[b % BASE32.length]).join('');
  return `${year}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * The CME commands on the year stream `cme-{customerId}-{year}` (optimistic concurrency: two tabs
 * submitting at once both decide on the stream they read; the loser reloads and decides again, so
 * the cap of 20 holds). The year is the submit time's (UTC).
 */
@Injectable()
export class CmeCommands {
  constructor(private readonly eventSourced: EventSourcedService) {}

  async submit(
    customerId: string,
    test: CmeTestProduct,
    answers: number[],
    now: Date,
    context: CommandContext,
  ): Promise<CmeRecordData> {
    const year = now.getUTCFullYear();
    const command = {
      type: 'SubmitCmeTest' as const,
      customerId,
      year,
      newRecordId: randomUUID(),
      testType: test.testType,
      productId: test.productId,
      productName: test.name,
      productCredits: test.credits,
      safety: test.safety,
      answers,
      key: test.key,
      now: now.toISOString(),
    };
    const result = await this.withRetries(() =>
      this.eventSourced.execute(cmeStreamId(customerId, year), cmeDecider, command, context),
    );
    return result.events[0]!.data as CmeRecordData;
  }

  /** The year's certificate number (issued on the first call); 409 NO_CREDITS without credits. */
  async certificateNumber(customerId: string, year: number, now: Date, context: CommandContext): Promise<string> {
    const command = {
      type: 'IssueCmeCertificate' as const,
      customerId,
      year,
      number: newCertificateNumber(year),
      now: now.toISOString(),
    };
    const result = await this.withRetries(() =>
      this.eventSourced.execute(cmeStreamId(customerId, year), cmeDecider, command, context),
    );
    return result.state.certificateNumber!;
  }

  private async withRetries<T>(run: () => Promise<T>): Promise<T> {
    for (let round = 1; ; round++) {
      try {
        return await answering(run);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (round >= ROUNDS) throw new ConflictException(CME_BUSY);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * round));
      }
    }
  }
}
