import type { CmeRecordData } from '#libs/domain/cme/cme.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { type ActivityFacts, verifyCredits } from './cme-audit-credits.js';

const KEY = [0, 1, 2, 3];
const FACTS: Record<number, ActivityFacts> = {
  251: { key: KEY, credits: 2, safety: false },
  160: { key: KEY, credits: 2, safety: true },
};
const factsOf = async (_type: string, productId: number) => FACTS[productId] ?? null;

let revision = 0;
function event(
  type: 'CmeTestSubmitted' | 'CmeTestUpdated',
  data: Partial<CmeRecordData> & { previousCredits?: number },
) {
  const r = revision++;
  return {
    id: `e${r}`,
    type,
    streamId: 's',
    revision: r,
    position: BigInt(r + 1),
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'a',
      occurredAt: '2024-01-01T00:00:00Z',
      schemaVersion: 1,
    },
    data: {
      recordId: `r${data.productId ?? 251}`,
      testType: 'streaming',
      productId: 251,
      answers: KEY,
      correct: 4,
      creditsEarned: 2,
      creditsAwarded: 2,
      creditsCut: 0,
      safetyCredits: 0,
      ruleVersion: 1,
      ...data,
    },
  } as unknown as RecordedEvent;
}

/** `--verify`'s scoring again, on events made by hand. */
describe('verifyCredits', () => {
  beforeEach(() => {
    revision = 0;
  });

  it('agrees with events scored by their rule, an old event without a version read as rule 1', async () => {
    const events = [
      event('CmeTestSubmitted', { ruleVersion: undefined }),
      event('CmeTestSubmitted', {
        productId: 160,
        answers: [0, 1, 0, 0],
        correct: 2,
        creditsEarned: 1,
        creditsAwarded: 1,
        safetyCredits: 1,
      }),
      event('CmeTestUpdated', {
        answers: [0, 1, 2, 0],
        correct: 3,
        creditsEarned: 1.5,
        creditsAwarded: 1.5,
        previousCredits: 2,
      }),
    ];
    expect(await verifyCredits('s', events, factsOf)).toEqual([]);
  });

  it('names each event whose figures disagree, by its own id and with what the rule gives', async () => {
    const events = [
      event('CmeTestSubmitted', { answers: [0, 1, 2, 0], correct: 4 }),
      event('CmeTestSubmitted', { productId: 160, safetyCredits: 0 }),
    ];
    const findings = await verifyCredits('s', events, factsOf);
    expect(findings).toEqual([
      {
        stream: 's',
        revision: 0,
        eventId: 'e0',
        problem:
          'credits disagree with rule 1 scored again from its answers: correct 4 (scored again: 3), creditsEarned 2 (scored again: 1.5), creditsAwarded 2 (scored again: 1.5)',
      },
      {
        stream: 's',
        revision: 1,
        eventId: 'e1',
        problem: 'credits disagree with rule 1 scored again from its answers: safetyCredits 0 (scored again: 2)',
      },
    ]);
  });

  it('names an update whose previousCredits is not what the record had, an unknown rule and an unknown product', async () => {
    const events = [
      event('CmeTestSubmitted', {}),
      event('CmeTestUpdated', { previousCredits: 1 }),
      event('CmeTestSubmitted', { productId: 999 }),
      event('CmeTestSubmitted', { productId: 160, ruleVersion: 7, safetyCredits: 2 }),
    ];
    const problems = (await verifyCredits('s', events, factsOf)).map((f) => [f.eventId, f.problem]);
    expect(problems).toEqual([
      ['e1', "previousCredits 1 differs from the 2 the record's last event awarded"],
      ['e2', 'streaming test of product 999 has no answer key or credits to score it again'],
      ['e3', 'credit rule version 7 is unknown: its credits cannot be scored again'],
    ]);
  });

  it('judges the cap on the year as recorded before the event', async () => {
    // Ten tests of 2 credits fill the year: an eleventh earns 2 and is awarded nothing.
    const full = Array.from({ length: 10 }, (_, i) => event('CmeTestSubmitted', { recordId: `r${i}` }));
    const capped = event('CmeTestSubmitted', { recordId: 'r10', creditsAwarded: 0, creditsCut: 2 });
    const uncapped = event('CmeTestSubmitted', { recordId: 'r11' });
    const findings = await verifyCredits('s', [...full, capped, uncapped], factsOf);
    expect(findings.map((f) => f.eventId)).toEqual([uncapped.id]);
    expect(findings[0]!.problem).toContain('creditsAwarded 2 (scored again: 0), creditsCut 0 (scored again: 2)');
  });
});
