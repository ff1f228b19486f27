import { percentOfCents } from './money.js';

/** Signed-in section 9: "Sales tax is 8.238% when the shipping state is MO, otherwise 0." */
export const SALES_TAX_PERCENT = 8.238;
export const SALES_TAX_STATE = 'MO';

/** Whether the shipping state is taxed (the two-letter state code, compared case-insensitively). */
export const isTaxedState = (shipState: string | null | undefined): boolean =>
  (shipState ?? '').trim().toUpperCase() === SALES_TAX_STATE;

/**
 * Sales tax in cents on `taxableCents`: the items after the discount, shipping not included
 * (docs/decisions.md). Rounded once on the order, to the cent, half up.
 */
export function salesTax(taxableCents: number, shipState: string | null | undefined): number {
  if (!isTaxedState(shipState) || taxableCents <= 0) return 0;
  return percentOfCents(taxableCents, SALES_TAX_PERCENT);
}
