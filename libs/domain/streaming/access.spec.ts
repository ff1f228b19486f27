import { type AccessSources, accessTo } from './access.js';

const now = new Date('2026-03-01T10:00:00.000Z');
const active = (subscriptionType: string) => ({
  subscriptionType,
  startsAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2027-01-01T00:00:00.000Z',
});
const series = { ID: 250, TYPE: 'STREAMING', CATEGORIES: [0, 20] };
const eLearning = { ID: 253, TYPE: 'STREAMING', CATEGORIES: [0, 10, 17, 23] };
const book = { ID: 601, TYPE: 'BOOK', CATEGORIES: [14] };
/** The eLearning categories of the catalog (categories.csv KIND elearning), as the caller passes them. */
const eLearningCategories = [10, 17];
const access = (product: typeof series, sources: AccessSources) => accessTo(product, sources, now, eLearningCategories);

describe('streaming access rule', () => {
  it('qmpcomplete opens every series, eLearning streams too, with plan type 1', () => {
    const sources = { subscriptions: [active('qmpcomplete')], products: [] };
    expect(access(series, sources)).toEqual({
      allowed: true,
      purchased: false,
      package: 'qmpcomplete',
      planType: 1,
    });
    expect(access(eLearning, sources).allowed).toBe(true);
    expect(access(book, sources).allowed).toBe(false);
  });
  it('streaming_all opens series but not eLearning, with plan type 2', () => {
    const sources = { subscriptions: [active('streaming_all')], products: [] };
    expect(access(series, sources)).toEqual({
      allowed: true,
      purchased: false,
      package: 'streaming_all',
      planType: 2,
    });
    expect(access(eLearning, sources).allowed).toBe(false);
  });
  it('elearning opens only eLearning (a product in an eLearning category), plan type 0', () => {
    const sources = { subscriptions: [active('elearning')], products: [] };
    expect(access(eLearning, sources)).toEqual({
      allowed: true,
      purchased: false,
      package: 'elearning',
      planType: 0,
    });
    expect(access(series, sources).allowed).toBe(false);
  });
  it('an expired subscription opens nothing', () => {
    const expired = { ...active('qmpcomplete'), expiresAt: '2026-02-01T00:00:00.000Z' };
    expect(access(series, { subscriptions: [expired], products: [] }).allowed).toBe(false);
  });
  it('the product itself (a purchase or a redeemed code) opens it, a book too', () => {
    const sources = { subscriptions: [], products: [{ productId: 601 }] };
    expect(access(book, sources)).toEqual({ allowed: true, purchased: true, package: '', planType: 0 });
  });
  it("which categories are eLearning is the caller's fact: with none, streaming_all opens 253 too", () => {
    const sources = { subscriptions: [active('streaming_all')], products: [] };
    expect(accessTo(eLearning, sources, now, []).allowed).toBe(true);
    expect(accessTo(series, { subscriptions: [active('elearning')], products: [] }, now, [20]).allowed).toBe(true);
  });
});
