import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { type CmeRecordData, cmeStreamId } from '#libs/domain/cme/cme.events.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { cmeDecider } from './cme-hash.js';
import { CmeRetakes } from './cme-retake.js';
import { CmeTests } from './cme-tests.js';
import { IssueCmeCertificateHandler } from './certificate.handlers.js';
import { SubmitCmeTestCommand } from './cme.messages.js';

/**
 * A test's answers, with the product, its credits and the answer key from the server's data (404 for
 * a product without a CME test), and the viewing evidence of the retake policy (cme-retake.ts).
 * Concurrent submits of one year race on one stream: the write path's retry decides again on the fresh
 * stream, so the cap of 20 holds and only the first of a burst of retakes is scored.
 */
@CommandHandler(SubmitCmeTestCommand)
export class SubmitCmeTestHandler implements ICommandHandler<SubmitCmeTestCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly tests: CmeTests,
    private readonly retakes: CmeRetakes,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, testType, productId, answers, takenAt }: SubmitCmeTestCommand): Promise<CmeRecordData> {
    const test = await this.tests.resolve(testType, productId);
    const evidence = await this.retakes.evidence(customerId, test.productId);
    const now = takenAt ?? this.clock.now();
    const year = now.getUTCFullYear();
    const result = await this.eventSourced.execute(cmeStreamId(customerId, year), cmeDecider, {
      type: 'SubmitCmeTest',
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
      ...evidence,
    });
    return result.events[0]!.data as CmeRecordData;
  }
}

export const CME_HANDLERS = [SubmitCmeTestHandler, IssueCmeCertificateHandler];
