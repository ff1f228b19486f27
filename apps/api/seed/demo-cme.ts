import type { INestApplicationContext } from '@nestjs/common';
import type { Pool } from 'pg';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import { findProduct } from '#libs/catalog/products.queries.js';
import type { CmeTestType } from '#libs/contracts/cme.js';
import type { SubmitCmeTest } from '#libs/domain/cme/cme.commands.js';
import { cmeStreamId } from '#libs/domain/cme/cme.events.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { SAFETY_CATEGORY_ID, cmeDecider, questionsOf } from '../cme/index.js';
import { EmailReservations } from '../identity/index.js';
import { EVENT_STORE, PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';
import data from './demo-cme.json' with { type: 'json' };

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
 * The CME records of DEMO-DATA.md, through the CME decider (the same command as the test page; its
 * `now` dates the earlier years): cme@demo.test 6.5 credits this year (3 of them safety credits), a
 * year at the 20-credit cap (the last test cut) and one more earlier year; cmeprint@demo.test one
 * earlier year only. Idempotent: a customer's year that holds any CME event is left as it is.
 */
export async function seedDemoCme(app: INestApplicationContext, now: Date = new Date()): Promise<number> {
  const eventSourced = app.get(EventSourcedService, { strict: false });
  const reservations = app.get(EmailReservations, { strict: false });
  const store = app.get<EventStore>(EVENT_STORE, { strict: false });
  const pool = app.get<Pool>(PG_POOL, { strict: false });
  const context: CommandContext = { actorId: 'system', correlationId: 'seed-demo-cme' };
  let appended = 0;
  for (const { email, yearsAgo, tests } of data.records) {
    const customerId = await reservations.customerIdOf(email);
    const year = now.getUTCFullYear() - yearsAgo;
    if (!customerId || (await store.readStream(cmeStreamId(customerId, year))).length > 0) continue;
    for (const [index, test] of (tests as DemoTest[]).entries()) {
      const product = await findProduct(pool, test.productId);
      const questions = questionsOf(test.productId);
      if (!product || !questions) throw new Error(`demo CME test ${test.productId} has no product or questions`);
      const command: SubmitCmeTest = {
        type: 'SubmitCmeTest',
        customerId,
        year,
        newRecordId: `demo-${customerId}-${year}-${test.productId}`,
        testType: test.type as CmeTestType,
        productId: product.ID,
        productName: product.NAME,
        productCredits: product.CREDITS,
        safety: product.CATEGORIES.includes(SAFETY_CATEGORY_ID),
        answers: answersWith(questions.key, test.right),
        key: questions.key,
        now: timeOf(now, yearsAgo, index).toISOString(),
      };
      const result = await eventSourced.execute(cmeStreamId(customerId, year), cmeDecider, command, context);
      appended += result.events.length;
    }
  }
  return appended;
}
