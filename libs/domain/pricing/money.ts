/**
 * Integer-cent arithmetic shared by the pricing rules. Money is integer cents everywhere
 * (libs/contracts/catalog.ts); percentages are applied exactly and rounded once, half up.
 */

/** Percentages are exact to a thousandth of a percent (8.238% is 8238 thousandths). */
const PERCENT_SCALE = 1000;

/** `percent`% of `cents`, rounded to the cent, half up (12.5 -> 13). `cents` must be >= 0. */
export function percentOfCents(cents: number, percent: number): number {
  const scaledPercent = Math.round(percent * PERCENT_SCALE);
  const numerator = cents * scaledPercent;
  const denominator = 100 * PERCENT_SCALE;
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/**
 * Splits `amount` cents over `weights` in proportion, so that the shares add up to `amount` exactly
 * (largest remainder; ties go to the earlier entry). A zero total weight gives every share 0 except
 * when `amount` is 0 too.
 */
export function allocateCents(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map((x) => Math.floor(x));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  const byRemainder = exact
    .map((x, index) => ({ index, remainder: x - Math.floor(x) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
