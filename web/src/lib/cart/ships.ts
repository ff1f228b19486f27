import { type CartLine, NOT_SHIPPED_TYPES } from '@contracts/cart';

const NOT_SHIPPED = new Set(NOT_SHIPPED_TYPES);

/** A line that ships (BOOK, BOTH, another physical format), by the server's own list of types that never do. */
export const isShipped = (type: string): boolean => !NOT_SHIPPED.has(type.toLowerCase());

/** A cart with something to ship asks for a shipping address and speed; one of meetings or digital items does not. */
export const cartShips = (items: readonly Pick<CartLine, 'TYPE'>[]): boolean =>
  items.some((item) => isShipped(item.TYPE));

/** Guests may check out carts that hold only items that ship (the server refuses the rest for guests). */
export const onlyShipped = (items: readonly Pick<CartLine, 'TYPE'>[]): boolean =>
  items.every((item) => isShipped(item.TYPE));
