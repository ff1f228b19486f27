import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { checkoutContact, SANDBOX_VISA } from '../../support/checkout-fixtures.js';
import { DEMO_PASSWORD, registeredAccount, withApiSession } from './shop.js';

/** The answer key of a test, from the server's question bank (the browser never sees it). */
export function keyOf(productId: number): number[] {
  const bank = JSON.parse(readFileSync(join(process.cwd(), 'apps/api/cme/cme-questions.json'), 'utf8')) as {
    tests: { productIds: number[]; questions: { answer: number }[] }[];
  };
  return bank.tests.find((t) => t.productIds.includes(productId))!.questions.map((q) => q.answer);
}

/** A test's answers with the first `right` of them right and the others one option past the key. */
export const withRight = (productId: number, right: number): number[] =>
  keyOf(productId).map((k, i) => (i < right ? k : (k + 1) % 4));

/**
 * A fresh physician of a journey's own: registered, signed in on `page`, with the CME package (role cme)
 * and the eLearning subscription it is sold with, the date of birth given at checkout. Answers the token.
 */
export async function cmePhysician(page: Page): Promise<string> {
  const email = await registeredAccount(page.request, DEMO_PASSWORD);
  const token = await withApiSession(page, email, DEMO_PASSWORD);
  await buyWithElearning(page, token, 155);
  return token;
}

/**
 * Buys a CME product (`productId`) with the eLearning subscription it is sold with (CME_RESTRICTED: the
 * cheapest one) through the API, paid in full, the date of birth given at checkout.
 */
export async function buyWithElearning(page: Page, token: string, productId: number): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  for (const item of [
    { PRODUCTID: 140, TERM: 1, QTY: 1 },
    { PRODUCTID: productId, QTY: 1 },
  ]) {
    const added = await page.request.post('/api/cart/items', { headers, data: item });
    expect(added.ok(), await added.text()).toBeTruthy();
  }
  const quote = await page.request.post('/api/checkout/quote', {
    headers,
    data: { COUNTRY: 'USA', STATE: 'KS', SHIPPING: 1 },
  });
  const { TOTAL } = (await quote.json()) as { TOTAL: number };
  const paid = await page.request.post('/api/checkout/pay', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: {
      ATTJSON: { ...checkoutContact({ STATE: 'KS' }), DOB: '03/04/1981' },
      BILLINGJSON: null,
      CARD: SANDBOX_VISA,
      SHIPPING: 1,
      TOTAL,
    },
  });
  const answer = (await paid.json()) as { ERRORS?: unknown[] };
  expect(answer.ERRORS, JSON.stringify(answer)).toEqual([]);
}
