import type { CartLine } from '@contracts/cart';

/**
 * Item types that never ship, as the server's shipping rules (libs/domain/pricing/shipping.rules.ts):
 * streaming, subscriptions, CME, the app, meetings. Compared case-insensitively.
 */
const NOT_SHIPPED = new Set([
  'streaming',
  'streaming_all',
  'qmpcomplete',
  'elearning',
  'pulse',
  'cme',
  'iflap',
  'event',
]);

export const isShipped = (type: string): boolean => !NOT_SHIPPED.has(type.toLowerCase());

/** A cart with something to ship asks for a shipping address and speed; one of meetings or digital items does not. */
export const cartShips = (items: readonly Pick<CartLine, 'TYPE'>[]): boolean =>
  items.some((item) => isShipped(item.TYPE));
