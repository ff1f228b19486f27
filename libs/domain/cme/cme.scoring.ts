import {
  CME_CREDIT_PER_ANSWER,
  CME_OPTIONS_PER_QUESTION,
  CME_QUESTIONS_PER_TEST,
  CME_YEARLY_CAP,
  type CmeRecordOutcome,
} from '#libs/contracts/cme.js';

/**
 * Scoring (signed-in section 9): 0.5 credit per right answer, four questions, at most the product's
 * CREDITS; the year's total never passes 20 (what would pass it is cut). Arithmetic in half credits
 * (integers), so totals are exact.
 *
 * Every submit records the version of the rule that scored it (`ruleVersion`, absent in the events
 * written before versions existed = 1), so the audit can score each event again by the rule it was
 * scored with. A changed rule is a new entry in CREDIT_RULES, never an edit of an existing one.
 */
export interface CreditRule {
  version: number;
  /** Credits per right answer. */
  creditPerAnswer: number;
  /** The year's credits never pass this. */
  yearlyCap: number;
}

export const CREDIT_RULES: Readonly<Record<number, CreditRule>> = {
  1: { version: 1, creditPerAnswer: CME_CREDIT_PER_ANSWER, yearlyCap: CME_YEARLY_CAP },
};

/** The rule new submits are scored with (and record). */
export const CURRENT_CREDIT_RULE_VERSION = 1;

/** The rule of a recorded event (`undefined`: written before versions existed, version 1); null when unknown. */
export const creditRuleOf = (version: number | undefined): CreditRule | null => CREDIT_RULES[version ?? 1] ?? null;

export const toHalves = (credits: number): number => Math.round(credits * 2);
export const fromHalves = (halves: number): number => halves / 2;

export function validAnswers(answers: unknown): answers is number[] {
  return (
    Array.isArray(answers) &&
    answers.length === CME_QUESTIONS_PER_TEST &&
    answers.every((a) => Number.isInteger(a) && (a as number) >= 0 && (a as number) < CME_OPTIONS_PER_QUESTION)
  );
}

export function countCorrect(answers: readonly number[], key: readonly number[]): number {
  return answers.filter((answer, i) => answer === key[i]).length;
}

export interface Score {
  correct: number;
  creditsEarned: number;
  creditsAwarded: number;
  creditsCut: number;
}

/**
 * `otherCredits`: the year's credits of every other record (an update's own earlier credits excluded).
 * `rule`: the current one unless an older event is scored again.
 */
export function score(
  answers: readonly number[],
  key: readonly number[],
  productCredits: number,
  otherCredits: number,
  rule: CreditRule = CREDIT_RULES[CURRENT_CREDIT_RULE_VERSION]!,
): Score {
  const correct = countCorrect(answers, key);
  const earned = Math.min(correct * toHalves(rule.creditPerAnswer), toHalves(productCredits));
  const room = Math.max(0, toHalves(rule.yearlyCap) - toHalves(otherCredits));
  const awarded = Math.min(earned, room);
  return {
    correct,
    creditsEarned: fromHalves(earned),
    creditsAwarded: fromHalves(awarded),
    creditsCut: fromHalves(earned - awarded),
  };
}

/**
 * What a record (its last submit) came to: credits that count make it a completed activity (what a
 * certificate prints); without them it is an attempt, not passed (no right answer) or over the yearly cap.
 */
export const cmeOutcomeOf = (record: { correct: number; creditsAwarded: number }): CmeRecordOutcome =>
  record.creditsAwarded > 0 ? 'completed' : record.correct === 0 ? 'not_passed' : 'over_cap';
