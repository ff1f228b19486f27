/**
 * A customer's (or a visitor's) carts, one stream each (issue 32): the first cart keeps the id the
 * shop always gave it (`customer-{customerId}`, or the visitor's uuid), and each checkout ends its cart
 * (cart-checkout.ts), so the next one is `{base}.{generation}` (`customer-{customerId}.1`, `.2`, ...).
 * A cart command then reads only the current cart, however many orders the account has paid. Bases
 * never hold a dot (a uuid, or `customer-` and a uuid), so the suffix cannot be mistaken.
 */
export interface CartGeneration {
  /** What the request names: `customer-{customerId}` or the visitor's cart id. */
  base: string;
  /** 0 for the first cart (its id is the base itself). */
  generation: number;
}

const SUFFIXED = /^(.+)\.(0|[1-9]\d{0,8})$/;

/** The cart id of a generation of a base: the base itself for the first. */
export const cartIdOfGeneration = ({ base, generation }: CartGeneration): string =>
  generation === 0 ? base : `${base}.${generation}`;

/** The base and generation a cart id names (a cart id without a suffix is a first cart). */
export function generationOfCartId(cartId: string): CartGeneration {
  const match = SUFFIXED.exec(cartId);
  return match ? { base: match[1] ?? cartId, generation: Number(match[2]) } : { base: cartId, generation: 0 };
}
