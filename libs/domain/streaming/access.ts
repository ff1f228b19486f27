import type { PlanType } from '#libs/contracts/streaming.js';

/**
 * Who may watch a stream product (issue 10, docs/decisions.md "Streaming access"). Pure.
 *
 * - A product the customer holds itself (entitlements products: a purchase of STREAMING or BOTH, or
 *   a redeemed book code) opens it: PURCHASED 1.
 * - An active subscription opens a whole shelf, the first that covers it names PACKAGE:
 *   qmpcomplete every video series (TYPE STREAMING, eLearning streams included: "every video series,
 *   eLearning course" of the Complete package); streaming_all every video series except eLearning;
 *   elearning the eLearning products.
 * - Books (TYPE BOOK) open only through the product itself (a STREAMING or BOTH purchase, or a code).
 * - Plan type of a long view (signed-in section 6): 1 when an active qmpcomplete covers the product,
 *   else 2 when an active streaming_all does, else 0.
 *
 * An eLearning product is one in an eLearning category: which categories those are is a catalog fact
 * (categories.csv KIND `elearning`) the caller passes in.
 */
export type StreamPackage = '' | 'qmpcomplete' | 'streaming_all' | 'elearning';

export interface AccessSources {
  subscriptions: readonly { subscriptionType: string; startsAt: string; expiresAt: string }[];
  products: readonly { productId: number }[];
}

export interface StreamableProduct {
  ID: number;
  TYPE: string;
  CATEGORIES: readonly number[];
}

export interface Access {
  allowed: boolean;
  purchased: boolean;
  package: StreamPackage;
  planType: PlanType;
}

/** Whether the product sits in one of the eLearning categories. */
export const isELearning = (
  product: Pick<StreamableProduct, 'CATEGORIES'>,
  eLearningCategories: readonly number[],
): boolean => product.CATEGORIES.some((c) => eLearningCategories.includes(c));

/** The subscription types active at `now`. */
export function activeSubscriptions(sources: AccessSources, now: Date): Set<string> {
  const t = now.getTime();
  return new Set(
    sources.subscriptions
      .filter((s) => Date.parse(s.startsAt) <= t && t < Date.parse(s.expiresAt))
      .map((s) => s.subscriptionType),
  );
}

/** Whether an active subscription of `type` covers the product. */
export function covers(
  type: StreamPackage,
  product: StreamableProduct,
  eLearningCategories: readonly number[],
): boolean {
  const series = product.TYPE.toUpperCase() === 'STREAMING';
  switch (type) {
    case 'qmpcomplete':
      return series;
    case 'streaming_all':
      return series && !isELearning(product, eLearningCategories);
    case 'elearning':
      return isELearning(product, eLearningCategories);
    default:
      return false;
  }
}

const PACKAGES: readonly Exclude<StreamPackage, ''>[] = ['qmpcomplete', 'streaming_all', 'elearning'];

export function accessTo(
  product: StreamableProduct,
  sources: AccessSources,
  now: Date,
  eLearningCategories: readonly number[],
): Access {
  const active = activeSubscriptions(sources, now);
  const purchased = sources.products.some((p) => p.productId === product.ID);
  const covering = PACKAGES.filter((p) => active.has(p) && covers(p, product, eLearningCategories));
  const planType: PlanType = covering.includes('qmpcomplete') ? 1 : covering.includes('streaming_all') ? 2 : 0;
  return { allowed: purchased || covering.length > 0, purchased, package: covering[0] ?? '', planType };
}
