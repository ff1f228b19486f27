import { CME_GENESIS_HASH } from './cme.events.js';
import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { createCmeDecider } from './cme.decider.js';
import {
  CREDIT_RULES,
  CURRENT_CREDIT_RULE_VERSION,
  type CreditRule,
  cmeOutcomeOf,
  creditRuleOf,
  score,
} from './cme.scoring.js';

const KEY = [0, 1, 2, 3];

describe('CME credit rules: each submit names the rule that scored it', () => {
  it("rule 1 is the spec's: 0.5 per right answer, at most the product's credits, 20 a year", () => {
    expect(CREDIT_RULES[1]).toEqual({ version: 1, creditPerAnswer: 0.5, yearlyCap: 20 });
    expect(score([0, 1, 2, 0], KEY, 2, 0, CREDIT_RULES[1])).toEqual({
      correct: 3,
      creditsEarned: 1.5,
      creditsAwarded: 1.5,
      creditsCut: 0,
    });
    expect(score(KEY, KEY, 1, 0, CREDIT_RULES[1])).toMatchObject({ creditsEarned: 1, creditsAwarded: 1 });
    expect(score(KEY, KEY, 2, 19.5, CREDIT_RULES[1])).toMatchObject({ creditsAwarded: 0.5, creditsCut: 1.5 });
  });

  it('an event without a version was scored by rule 1; an unknown version has no rule', () => {
    expect(creditRuleOf(undefined)).toBe(CREDIT_RULES[1]);
    expect(creditRuleOf(1)).toBe(CREDIT_RULES[1]);
    expect(creditRuleOf(99)).toBeNull();
  });

  it('scores by the rule it is given, so an older event is scored again by its own rule', () => {
    const generous: CreditRule = { version: 2, creditPerAnswer: 1, yearlyCap: 25 };
    expect(score(KEY, KEY, 4, 0, generous)).toMatchObject({ creditsEarned: 4 });
    expect(score(KEY, KEY, 4, 23, generous)).toMatchObject({ creditsAwarded: 2, creditsCut: 2 });
  });

  it('given no record, when a test is submitted, then the event records the current rule version', () => {
    const hash = (text: string): string => `h${text.length}`;
    givenWhenThen(createCmeDecider(hash))()
      .when({
        type: 'SubmitCmeTest',
        customerId: 'c1',
        year: 2024,
        newRecordId: 'r1',
        testType: 'module',
        productId: 160,
        productName: 'Patient Safety',
        productCredits: 2,
        safety: true,
        answers: [0, 1, 2, 0],
        key: KEY,
        lastLongViewAt: null,
        retakeByViewing: false,
        now: '2024-03-01T10:00:00.000Z',
      })
      .then({
        type: 'CmeTestSubmitted',
        data: {
          recordId: 'r1',
          customerId: 'c1',
          year: 2024,
          testType: 'module',
          productId: 160,
          productName: 'Patient Safety',
          answers: [0, 1, 2, 0],
          correct: 3,
          creditsEarned: 1.5,
          creditsAwarded: 1.5,
          creditsCut: 0,
          safetyCredits: 1.5,
          yearTotal: 1.5,
          submittedAt: '2024-03-01T10:00:00.000Z',
          ruleVersion: CURRENT_CREDIT_RULE_VERSION,
          prevHash: CME_GENESIS_HASH,
        },
      });
    expect(CURRENT_CREDIT_RULE_VERSION).toBe(1);
  });

  it('a record with credits is a completed activity; without them an attempt: not passed, or over the cap', () => {
    const none = score([1, 2, 3, 0], [0, 1, 2, 3], 2, 0);
    expect(cmeOutcomeOf(none)).toBe('not_passed');
    const some = score([0, 2, 3, 0], [0, 1, 2, 3], 2, 0);
    expect([some.creditsAwarded, cmeOutcomeOf(some)]).toEqual([0.5, 'completed']);
    const capped = score([0, 1, 2, 3], [0, 1, 2, 3], 2, 20);
    expect([capped.correct, capped.creditsAwarded, cmeOutcomeOf(capped)]).toEqual([4, 0, 'over_cap']);
  });
});
