import {
  CME_CREDIT_PER_ANSWER,
  CME_OPTIONS_PER_QUESTION,
  CME_QUESTIONS_PER_TEST,
  CME_YEARLY_CAP,
} from '#libs/contracts/cme.js';

/**
 * Scoring (signed-in section 9): 0.5 credit per right answer, four questions, at most the product's
 * CREDITS; the year's total never passes 20 (what would pass it is cut). Arithmetic in half credits
 * (integers), so totals are exact.
 */
const HALVES_PER_ANSWER = CME_CREDIT_PER_ANSWER * 2;
const CAP_HALVES = CME_YEARLY_CAP * 2;

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

/** `otherCredits`: the year's credits of every other record (an update's own earlier credits excluded). */
export function score(
  answers: readonly number[],
  key: readonly number[],
  productCredits: number,
  otherCredits: number,
): Score {
  const correct = countCorrect(answers, key);
  const earned = Math.min(correct * HALVES_PER_ANSWER, toHalves(productCredits));
  const room = Math.max(0, CAP_HALVES - toHalves(otherCredits));
  const awarded = Math.min(earned, room);
  return {
    correct,
    creditsEarned: fromHalves(earned),
    creditsAwarded: fromHalves(awarded),
    creditsCut: fromHalves(earned - awarded),
  };
}
