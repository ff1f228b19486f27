/**
 * Storefront section 5, CME purchase rule: "CME can be bought only together with a new or current
 * complete, stream or eLearning subscription. At checkout, if the cart holds CME, the user needs the
 * role elearning, qmpcomplete or streaming_all, or must have such an item in the cart; otherwise they
 * stay in the cart with a warning."
 */

/** The warning's text is declared once, in libs/contracts/cart.ts (the web shows the same). */
export { CME_PURCHASE_WARNING } from '#libs/contracts/cart.js';

/** Roles, and (lower-cased) item types, that satisfy the rule. */
const QUALIFYING = ['elearning', 'qmpcomplete', 'streaming_all'];

const isCme = (type: string): boolean => type.toLowerCase() === 'cme';

export function cmePurchaseAllowed(items: readonly { TYPE: string }[], roles: readonly string[]): boolean {
  if (!items.some((item) => isCme(item.TYPE))) return true;
  if (roles.some((role) => QUALIFYING.includes(role))) return true;
  return items.some((item) => QUALIFYING.includes(item.TYPE.toLowerCase()));
}
