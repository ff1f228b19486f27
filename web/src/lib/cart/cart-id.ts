/** The browser keeps only a cart id (a uuid); the cart itself lives on the server (libs/contracts/cart.ts). */
export const CART_ID_KEY = 'cartId';

function uuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
