// The cart (notes/guide.md#setting-up-the-shop); its rules in src/shop/rules.js, compiled from rules.ts.
import { rule } from './rules.js';

export const cart = rule('src/shop/absent.ts'); // a string is the compiler's business, not this check's
/* Bad: src/shop/missing.ts held the old cart. */
// An import written as an example, `./example.js`, is skipped; ../../../outside/thing.md is not.
export const plan = 'PLAN.md';
