import { isCmePackage } from '#libs/contracts/catalog.js';
import { CME_CREDIT_PER_ANSWER, CME_QUESTIONS_PER_TEST, CME_TEST_MAX_CREDITS } from '#libs/contracts/cme.js';
import { htmlToText, sanitizeCatalogHtml } from '../sanitize.js';

/** What a products.csv row says about CME: its CREDITS and the texts a buyer reads. */
export interface CmeCreditsRow {
  TYPE: string;
  CREDITS: number;
  SHORT_DESCR: string;
  DESCR: string;
}

const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twenty: 20,
};

/** "Four safety credits", "2 CME credits", "1.5 credits": a number, at most one word, then credit(s). */
const PROMISE = new RegExp(
  `\\b(\\d+(?:\\.\\d+)?|${Object.keys(WORDS).join('|')})\\s+(?:[a-z-]+\\s+)?credits?\\b`,
  'gi',
);

/** The credit counts a text promises (numbers written as digits or as words). */
export function promisedCredits(text: string): number[] {
  return [...text.matchAll(PROMISE)].map((m) => WORDS[m[1]!.toLowerCase()] ?? Number(m[1]));
}

const test = `${CME_QUESTIONS_PER_TEST} questions × ${CME_CREDIT_PER_ANSWER} credit = ${CME_TEST_MAX_CREDITS}`;

/**
 * The import's check of a CME activity (a product with CREDITS, other than the CME package, which
 * carries the year's allowance and has no test): its CREDITS must be what its test can give, at most
 * four questions at 0.5 and in steps of 0.5, and its texts may not promise another number of credits.
 */
export function cmeCreditsProblems(row: CmeCreditsRow): string[] {
  if (!(row.CREDITS > 0) || isCmePackage(row)) return [];
  const problems: string[] = [];
  if (row.CREDITS > CME_TEST_MAX_CREDITS) {
    problems.push(`CREDITS: ${row.CREDITS} is more than a CME test can give (${test})`);
  } else if (!Number.isInteger(row.CREDITS / CME_CREDIT_PER_ANSWER)) {
    problems.push(`CREDITS: ${row.CREDITS} is not a whole number of answers at ${CME_CREDIT_PER_ANSWER} credit`);
  }
  const texts: [string, string][] = [
    ['SHORT_DESCR', row.SHORT_DESCR],
    ['DESCR', htmlToText(sanitizeCatalogHtml(row.DESCR))],
  ];
  for (const [column, text] of texts) {
    const wrong = promisedCredits(text).filter((n) => n !== row.CREDITS);
    if (wrong.length > 0) problems.push(`${column}: promises ${wrong[0]} credits where CREDITS is ${row.CREDITS}`);
  }
  return problems;
}
