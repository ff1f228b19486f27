import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { cmeChainText } from './cme.chain.js';
import type { SubmitCmeTest } from './cme.commands.js';
import { createCmeDecider } from './cme.decider.js';
import { CME_GENESIS_HASH, type CmeEvent, type CmeRecordData } from './cme.events.js';
import { fold } from '../kernel/decider.js';
import { submitCommand } from './cme.testing.js';

// A stand-in for SHA-256 (the domain has no crypto): any deterministic function shows the chaining.
const fakeHash = (text: string): string => `h(${text.length}:${text.slice(-12)})`;
const decider = createCmeDecider(fakeHash);
const given = givenWhenThen(decider);

const KEY = [0, 1, 2, 3];
const NOW = '2024-05-01T10:00:00.000Z';
/** A day after NOW: a retake is open again (the retake policy, cme.retake.spec.ts). */
const DAY_LATER = { now: '2024-05-02T10:00:00.000Z' };
const submitOf = (productId: number, answers: number[], extra: Partial<SubmitCmeTest> = {}): SubmitCmeTest =>
  submitCommand(productId, { answers, key: KEY, now: NOW, ...extra });

/** Folds the commands one after another, returning every event: what a real stream would hold. */
function run(...commands: SubmitCmeTest[]): CmeEvent[] {
  const events: CmeEvent[] = [];
  for (const c of commands) events.push(...decider.decide(c, fold(decider, events)));
  return events;
}
const data = (e: CmeEvent): CmeRecordData => e.data as CmeRecordData;
const ALL_RIGHT = [0, 1, 2, 3];

describe('CME decider: scoring, update, the cap of 20, safety credits', () => {
  it.each([
    // answers, product credits, safety, expected credits, safety credits, right answers
    { answers: [0, 1, 2, 3], credits: 2, safety: false, total: 2, safe: 0, correct: 4 },
    { answers: [0, 1, 2, 0], credits: 2, safety: false, total: 1.5, safe: 0, correct: 3 },
    { answers: [0, 0, 0, 0], credits: 2, safety: false, total: 0.5, safe: 0, correct: 1 },
    { answers: [3, 3, 3, 0], credits: 2, safety: false, total: 0, safe: 0, correct: 0 },
    { answers: [0, 1, 2, 3], credits: 4, safety: true, total: 2, safe: 2, correct: 4 },
    { answers: [0, 1, 0, 0], credits: 2, safety: true, total: 1, safe: 1, correct: 2 },
    { answers: [0, 1, 2, 3], credits: 1, safety: false, total: 1, safe: 0, correct: 4 },
  ])('scores $answers (credits $credits, safety $safety) as $total ($safe safety)', (row) => {
    const [event] = run(submitOf(251, row.answers, { productCredits: row.credits, safety: row.safety }));
    expect(event!.type).toBe('CmeTestSubmitted');
    expect(data(event!)).toMatchObject({
      correct: row.correct,
      creditsAwarded: row.total,
      creditsCut: 0,
      safetyCredits: row.safe,
      yearTotal: row.total,
      answers: row.answers,
      recordId: 'r251',
    });
  });

  it('a resubmit updates the record: same id, its credits replace the earlier ones in the total', () => {
    const events = run(submitOf(251, ALL_RIGHT), submitOf(252, ALL_RIGHT), submitOf(251, [0, 1, 0, 0], DAY_LATER));
    expect(events.map((e) => e.type)).toEqual(['CmeTestSubmitted', 'CmeTestSubmitted', 'CmeTestUpdated']);
    expect(events[2]!.data).toMatchObject({ recordId: 'r251', creditsAwarded: 1, previousCredits: 2, yearTotal: 3 });
    expect(fold(decider, events).total).toBe(3);
  });

  it.each([
    // credits before (tests of 2), the new test earns, awarded, cut
    { before: 9, earned: [0, 1, 2, 3], awarded: 2, cut: 0, total: 20 },
    { before: 10, earned: [0, 1, 2, 3], awarded: 0, cut: 2, total: 20 },
  ])('the cap at 20 across several tests: after $before tests, awards $awarded and cuts $cut', (row) => {
    const earlier = Array.from({ length: row.before }, (_, i) => submitOf(300 + i, ALL_RIGHT));
    const events = run(...earlier, submitOf(999, row.earned));
    expect(data(events.at(-1)!)).toMatchObject({
      creditsAwarded: row.awarded,
      creditsCut: row.cut,
      yearTotal: row.total,
    });
    expect(fold(decider, events).total).toBe(row.total);
  });

  it('the cap cuts part of a test: 19 credits, then 2 earned, 1 awarded, 1 cut (safety follows what is awarded)', () => {
    const earlier = [...Array.from({ length: 9 }, (_, i) => submitOf(300 + i, ALL_RIGHT)), submitOf(400, [0, 1, 0, 0])];
    const events = run(...earlier, submitOf(401, ALL_RIGHT, { safety: true }));
    expect(data(events.at(-1)!)).toMatchObject({
      creditsEarned: 2,
      creditsAwarded: 1,
      creditsCut: 1,
      safetyCredits: 1,
    });
  });

  it('an update at the cap may use the room its own earlier credits held', () => {
    const earlier = Array.from({ length: 10 }, (_, i) => submitOf(300 + i, [0, 1, 0, 0])); // 10 x 1 = 10
    const full = Array.from({ length: 5 }, (_, i) => submitOf(500 + i, ALL_RIGHT)); // 20
    const events = run(...earlier, ...full, submitOf(300, ALL_RIGHT, DAY_LATER));
    expect(events.at(-1)!.data).toMatchObject({
      creditsEarned: 2,
      creditsAwarded: 1,
      creditsCut: 1,
      previousCredits: 1,
    });
    expect(fold(decider, events).total).toBe(20);
  });

  it('chains each event to the one before it; the first carries the genesis hash', () => {
    const events = run(submitOf(251, ALL_RIGHT), submitOf(252, ALL_RIGHT), submitOf(251, [0, 0, 0, 0], DAY_LATER));
    expect(data(events[0]!).prevHash).toBe(CME_GENESIS_HASH);
    expect(data(events[1]!).prevHash).toBe(fakeHash(cmeChainText(events[0]!)));
    expect(data(events[2]!).prevHash).toBe(fakeHash(cmeChainText(events[1]!)));
  });

  it.each([
    { name: 'three answers', command: submitOf(251, [0, 1, 2]), code: 'CME_ANSWERS_INVALID' },
    { name: 'an option out of range', command: submitOf(251, [0, 1, 2, 4]), code: 'CME_ANSWERS_INVALID' },
    {
      name: 'a product without CME',
      command: submitOf(251, ALL_RIGHT, { productCredits: 0 }),
      code: 'CME_NOT_CME_PRODUCT',
    },
    {
      name: 'a time outside the year',
      command: submitOf(251, ALL_RIGHT, { now: '2023-12-31T23:00:00Z' }),
      code: 'CME_WRONG_YEAR',
    },
  ])('refuses $name', ({ command, code }) => {
    given().when(command).thenFails(code);
  });
});
