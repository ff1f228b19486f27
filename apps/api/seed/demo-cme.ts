import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import type { CmeTestType } from '#libs/contracts/cme.js';
import { cmeStreamId } from '#libs/domain/cme/cme.events.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { SubmitCmeTestCommand, questionsOf } from '../cme/index.js';
import { EmailReservations } from '../identity/index.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { RequestContext } from '../kernel/request-context.js';
import data from './demo-cme.json' with { type: 'json' };
import { systemContext } from '#libs/application/command-context.js';

interface DemoTest {
  type: string;
  productId: number;
  right: number;
}

/** The key with the last `4 - right` answers turned wrong. */
const answersWith = (key: number[], right: number): number[] => key.map((k, i) => (i < right ? k : (k + 1) % 4));

/**
 * When a demo record of `yearsAgo` was taken: earlier years spread over their months; the current
 * year's at `now`, a minute apart and never before 1 January.
 */
function timeOf(now: Date, yearsAgo: number, index: number): Date {
  if (yearsAgo > 0) return new Date(Date.UTC(now.getUTCFullYear() - yearsAgo, index % 12, 3 + index, 15, 0, 0));
  const start = Date.UTC(now.getUTCFullYear(), 0, 1);
  return new Date(Math.max(start, now.getTime() - (10 - index) * 60_000));
}

/**
 * The demo CME records (docs/demo-data.md), sent as the test page's command on the bus (its
 * `takenAt` dates the earlier years) in a context of their own (actor `system`): cme@demo.test 6.5
 * credits this year (3 of them safety credits) and a test not passed (no right answer: an attempt, no
 * activity), a year at the 20-credit cap (the last test cut) and
 * one more earlier year; cmeprint@demo.test one earlier year only. Idempotent: a customer's year that
 * holds any CME event is left as it is. Answers how many tests it recorded.
 */
export async function seedDemoCme(app: INestApplicationContext, now?: Date): Promise<number> {
  const commands = app.get(CommandBus, { strict: false });
  const reservations = app.get(EmailReservations, { strict: false });
  const store = app.get<EventStore>(EVENT_STORE, { strict: false });
  const context = app.get(RequestContext, { strict: false });
  const today = now ?? app.get(Clock, { strict: false }).now();
  return context.run(systemContext(), async () => {
    let recorded = 0;
    for (const { email, yearsAgo, tests } of data.records) {
      const customerId = await reservations.customerIdOf(email);
      const year = today.getUTCFullYear() - yearsAgo;
      if (!customerId || (await store.readStream(cmeStreamId(customerId, year))).length > 0) continue;
      for (const [index, test] of (tests as DemoTest[]).entries()) {
        const questions = questionsOf(test.productId);
        if (!questions) throw new Error(`demo CME test ${test.productId} has no questions`);
        await commands.execute(
          new SubmitCmeTestCommand(
            customerId,
            test.type as CmeTestType,
            test.productId,
            answersWith(questions.key, test.right),
            timeOf(today, yearsAgo, index),
          ),
        );
        recorded += 1;
      }
    }
    return recorded;
  });
}
