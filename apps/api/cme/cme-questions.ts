import type { CmeQuestion } from '#libs/contracts/cme.js';
import bank from './cme-questions.json' with { type: 'json' };

/**
 * The question bank (cme-questions.json): four questions of four options for every product with CME
 * credits (products sharing a procedure share a test). `answer` is the key: it stays on the server.
 */
interface BankQuestion {
  text: string;
  options: string[];
  answer: number;
}

const byProduct = new Map<number, BankQuestion[]>();
for (const test of bank.tests) {
  for (const id of test.productIds) byProduct.set(id, test.questions);
}

export interface CmeTestQuestions {
  /** What the test page shows: text and options, never the key. */
  questions: CmeQuestion[];
  /** The answer key, 0-based option index per question. */
  key: number[];
}

export function questionsOf(productId: number): CmeTestQuestions | null {
  const questions = byProduct.get(productId);
  if (!questions) return null;
  return {
    questions: questions.map((q, i) => ({ NUMBER: i + 1, TEXT: q.text, OPTIONS: [...q.options] })),
    key: questions.map((q) => q.answer),
  };
}

/** Every product that has a test (the seed and the tests pick from these). */
export const productsWithTests = (): number[] => [...byProduct.keys()];
