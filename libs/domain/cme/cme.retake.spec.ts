import { DomainError, fold } from '../kernel/decider.js';
import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import type { SubmitCmeTest } from './cme.commands.js';
import { createCmeDecider } from './cme.decider.js';
import type { CmeEvent } from './cme.events.js';
import { retakeOpensAt } from './cme.retake.js';
import { submitCommand } from './cme.testing.js';

const decider = createCmeDecider((text) => `h${text.length}`);
const given = givenWhenThen(decider);

const FIRST = '2024-05-01T10:00:00.000Z';
const submitOf = (productId: number, now: string, extra: Partial<SubmitCmeTest> = {}): SubmitCmeTest =>
  submitCommand(productId, { now, ...extra });

/** The stream after the first submit of product 251 at FIRST. */
const taken: CmeEvent[] = decider.decide(submitOf(251, FIRST), fold(decider, []));
const decided = (command: SubmitCmeTest, events: CmeEvent[] = taken): CmeEvent[] =>
  decider.decide(command, fold(decider, events));
function refusal(command: SubmitCmeTest, events: CmeEvent[] = taken): DomainError {
  try {
    decided(command, events);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the submit was not refused');
}

describe('the retake policy: 24 hours after the last submit, or at once after watching the video again', () => {
  it('a first submit of a test is always open', () => {
    expect(taken.map((e) => e.type)).toEqual(['CmeTestSubmitted']);
    expect(retakeOpensAt({ lastSubmitAt: null, lastLongViewAt: null }, FIRST)).toBeNull();
  });

  it('a retake within 24 hours is refused, naming when it opens and the video as the other way in', () => {
    given(...taken)
      .when(submitOf(251, '2024-05-01T10:00:05.000Z'))
      .thenFails('CME_RETAKE_COOLDOWN');
    const error = refusal(submitOf(251, '2024-05-02T09:59:59.999Z'));
    expect(error.code).toBe('CME_RETAKE_COOLDOWN');
    expect(error.message).toBe(
      'You submitted this test less than 24 hours ago. You can take it again from 2024-05-02 10:00 UTC, ' +
        'or as soon as you have watched one of its videos again for more than 10 minutes.',
    );
  });

  it('a test without videos (a module) names only the time', () => {
    const module = (now: string) => submitOf(160, now, { testType: 'module', retakeByViewing: false });
    const error = refusal(module('2024-05-01T12:00:00.000Z'), decided(module(FIRST), []));
    expect(error.message).toBe(
      'You submitted this test less than 24 hours ago. You can take it again from 2024-05-02 10:00 UTC.',
    );
  });

  it('opens 24 hours after the last submit: the retake updates the record', () => {
    const [updated] = decided(submitOf(251, '2024-05-02T10:00:00.000Z'));
    expect(updated).toMatchObject({
      type: 'CmeTestUpdated',
      data: { recordId: 'r251', submittedAt: '2024-05-02T10:00:00.000Z' },
    });
  });

  it('the opening is rounded up to the whole minute the refusal names', () => {
    const late = decided(submitOf(251, '2024-05-01T10:00:30.000Z', { productId: 252, newRecordId: 'r252' }), []);
    const error = refusal(submitOf(252, '2024-05-02T10:00:45.000Z'), late);
    expect(error.message).toContain('from 2024-05-02 10:01 UTC');
    expect(decided(submitOf(252, '2024-05-02T10:01:00.000Z'), late)[0]!.type).toBe('CmeTestUpdated');
  });

  it('each retake starts a new cooldown from its own submit', () => {
    const retaken = [...taken, ...decided(submitOf(251, '2024-05-02T10:00:00.000Z'))];
    given(...retaken)
      .when(submitOf(251, '2024-05-03T09:00:00.000Z'))
      .thenFails('CME_RETAKE_COOLDOWN');
    expect(decided(submitOf(251, '2024-05-03T10:00:00.000Z'), retaken)[0]!.type).toBe('CmeTestUpdated');
  });

  it('a long view recorded after the last submit opens it at once', () => {
    const watched = submitOf(251, '2024-05-01T10:30:00.000Z', { lastLongViewAt: '2024-05-01T10:20:00.000Z' });
    expect(decided(watched)[0]!.type).toBe('CmeTestUpdated');
  });

  it('a long view before (or at) the last submit does not: watching again is what counts', () => {
    for (const lastLongViewAt of ['2024-04-30T09:00:00.000Z', FIRST]) {
      given(...taken)
        .when(submitOf(251, '2024-05-01T11:00:00.000Z', { lastLongViewAt }))
        .thenFails('CME_RETAKE_COOLDOWN');
    }
  });

  it('a retake opened by a long view closes again until the next long view or day', () => {
    const view = '2024-05-01T10:20:00.000Z';
    const retaken = [...taken, ...decided(submitOf(251, '2024-05-01T10:30:00.000Z', { lastLongViewAt: view }))];
    given(...retaken)
      .when(submitOf(251, '2024-05-01T10:31:00.000Z', { lastLongViewAt: view }))
      .thenFails('CME_RETAKE_COOLDOWN');
    const again = submitOf(251, '2024-05-01T11:00:00.000Z', { lastLongViewAt: '2024-05-01T10:45:00.000Z' });
    expect(decided(again, retaken)[0]!.type).toBe('CmeTestUpdated');
  });

  it('only the same test waits: another test, or the same test in a new year, is open at once', () => {
    expect(decided(submitOf(252, '2024-05-01T10:00:01.000Z', { newRecordId: 'r252' }))[0]!.type).toBe(
      'CmeTestSubmitted',
    );
    // A new year is a new stream (cme-{customerId}-{year}): nothing of the old one is in its state.
    const nextYear = submitOf(251, '2025-01-01T00:00:00.000Z', { year: 2025 });
    expect(decided(nextYear, [])[0]!.type).toBe('CmeTestSubmitted');
  });

  it.each([
    // last submit, latest long view, now, opens at
    { last: FIRST, view: null, now: FIRST, opens: '2024-05-02T10:00:00.000Z' },
    { last: FIRST, view: null, now: '2024-05-02T10:00:00.000Z', opens: null },
    { last: '2024-05-01T10:00:00.001Z', view: null, now: FIRST, opens: '2024-05-02T10:01:00.000Z' },
    { last: FIRST, view: '2024-05-01T10:00:00.001Z', now: FIRST, opens: null },
    { last: FIRST, view: FIRST, now: FIRST, opens: '2024-05-02T10:00:00.000Z' },
    // A clock behind the last submit still waits the full day from it.
    { last: FIRST, view: null, now: '2024-04-30T00:00:00.000Z', opens: '2024-05-02T10:00:00.000Z' },
  ])('retakeOpensAt($last, $view) at $now: $opens', ({ last, view, now, opens }) => {
    expect(retakeOpensAt({ lastSubmitAt: last, lastLongViewAt: view }, now)).toBe(opens);
  });
});
