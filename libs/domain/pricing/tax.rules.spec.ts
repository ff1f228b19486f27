import { salesTax } from './tax.rules.js';

describe('Sales tax is 8.238% when the shipping state is MO, otherwise 0 (signed-in section 9)', () => {
  it.each<[string, number, string | null, number]>([
    ['MO: $100.00', 10000, 'MO', 824],
    ['MO: $1,750.00', 175000, 'MO', 14417],
    ['MO, lower case', 10000, 'mo', 824],
    ['MO: half a cent rounds up ($10.00 is 82.38 cents)', 1000, 'MO', 82],
    ['MO: 8.238% of $0.50 is 4.119 cents', 50, 'MO', 4],
    ['MO: 8.238% of $12.15 is 100.09 cents', 1215, 'MO', 100],
    ['MO: nothing taxable', 0, 'MO', 0],
    ['KS: no tax', 10000, 'KS', 0],
    ['IL: no tax', 175000, 'IL', 0],
    ['no shipping state', 10000, null, 0],
  ])('%s', (_title, taxable, state, tax) => {
    expect(salesTax(taxable, state)).toBe(tax);
  });

  it('rounds to the cent, half up: 8.238% of $250.00 is 2059.5 cents -> 2060', () => {
    expect(salesTax(25000, 'MO')).toBe(2060);
    expect(salesTax(24999, 'MO')).toBe(2059);
  });
});
