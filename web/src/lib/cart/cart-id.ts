import { uuid } from '../uuid';

/** The browser keeps only a cart id (a uuid); the cart itself lives on the server (libs/contracts/cart.ts). */
export const CART_ID_KEY = 'cartId';

/** The stored cart id, made on first use. */
export function cartId(): string {
  let id = localStorage.getItem(CART_ID_KEY);
  if (!id) {
    id = uuid();
    localStorage.setItem(CART_ID_KEY, id);
  }
  return id;
}

/** The stored cart id if one was ever made (merge after login), without making one. */
export const storedCartId = (): string | null => localStorage.getItem(CART_ID_KEY);

export function forgetCartId(): void {
  localStorage.removeItem(CART_ID_KEY);
}
