/**
 * Money travels as integer cents (libs/contracts/catalog.ts); only the web app formats it, as
 * `$1,234.50` (en-US dollars). Written out rather than through Intl.NumberFormat: building a currency
 * formatter loads ICU data and costs 10-45 ms on the first screen's main thread (docs/performance.md).
 */
export function formatUsd(cents: number): string {
  const whole = Math.trunc(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}
