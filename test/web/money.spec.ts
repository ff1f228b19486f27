import { formatUsd } from '../../web/src/lib/money.js';

/** The shop's dollar format is written out by hand (web/src/lib/money.ts); Intl is the oracle here. */
const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatUsd', () => {
  it('formats cents as en-US dollars with thousands separators and two decimals', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(19900)).toBe('$199.00');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-2550)).toBe('-$25.50');
  });

  it('agrees with Intl.NumberFormat on every amount of a sweep', () => {
    const amounts = [1, 99, 100, 101, 99999, 100000, 100001, 999999999, -1, -100000];
    for (let cents = 0; cents < 2_000_000; cents += 7919) amounts.push(cents, -cents || 0);
    for (const cents of amounts) expect(formatUsd(cents)).toBe(intl.format(cents / 100));
  });
});
