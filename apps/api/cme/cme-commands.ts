import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import { type CmeRecordData, cmeStreamId } from '#libs/domain/cme/cme.events.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';
import { cmeDecider } from './cme-hash.js';
import type { CmeTestProduct } from './cme-tests.js';

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
    const result = await this.eventSourced.execute(cmeStreamId(customerId, year), cmeDecider, command, context);
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
    const result = await this.eventSourced.execute(cmeStreamId(customerId, year), cmeDecider, command, context);
    return result.state.certificateNumber!;
  }
}
