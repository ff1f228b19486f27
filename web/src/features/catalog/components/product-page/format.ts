import type { ProductPrice } from '@contracts/catalog';

/** A format the product page offers: a priced entry of productprices. */
export interface FormatChoice {
  TYPE: string;
  PRICE: number;
  SALE_PRICE: number | null;
}

/** The customer's words for a book format (productprices TYPE). */
export function formatLabel(type: string): string {
  switch (type) {
    case 'BOOK':
      return 'Printed book';
    case 'STREAMING':
      return 'Streaming video';
    case 'BOTH':
      return 'Printed book and streaming video';
    default:
      return type;
  }
}

/** The priced entries of productprices, in their order: every format the product can be bought in. */
export function formatChoices(prices: readonly ProductPrice[]): FormatChoice[] {
  return prices.flatMap((p) => (p.PRICE === null ? [] : [{ TYPE: p.TYPE, PRICE: p.PRICE, SALE_PRICE: p.SALE_PRICE }]));
}

/** Whole seconds as a running time: "12:05" or "1:02:05". */
export function runningTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The same running time in words for assistive technology: "12 minutes 5 seconds". */
export function runningTimeWords(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const part = (n: number, unit: string) => (n > 0 ? [`${n} ${unit}${n === 1 ? '' : 's'}`] : []);
  return [...part(h, 'hour'), ...part(m, 'minute'), ...part(s, 'second')].join(' ') || '0 seconds';
}
