import { parseRefundArguments } from './refund-arguments.js';
import { refundKey } from './refund-order.js';

describe('npm run order:refund arguments', () => {
  it('reads the order, the amount in cents, the reason, the operator and a key', () => {
    expect(
      parseRefundArguments(['100234', '--amount', '1500', '--reason', ' Late delivery ', '--by', 'ann'], 'os'),
    ).toEqual({
      onum: 100234,
      amountCents: 1500,
      reason: 'Late delivery',
      by: 'ann',
      key: null,
    });
    expect(parseRefundArguments(['--reason', 'Duplicate', '100234', '--key', 'k1'], 'os')).toEqual({
      onum: 100234,
      amountCents: null,
      reason: 'Duplicate',
      by: 'os',
      key: 'k1',
    });
  });

  it.each([
    [[], 'Give one order number.'],
    [['12a', '--reason', 'x'], 'Give one order number.'],
    [['1', '2', '--reason', 'x'], 'Give one order number.'],
    [['1'], '--reason is required.'],
    [['1', '--reason', '  '], '--reason is required.'],
    [['1', '--reason', 'x', '--amount', '12.50'], '--amount is in cents: a whole number above zero.'],
    [['1', '--reason', 'x', '--amount', '0'], '--amount is in cents: a whole number above zero.'],
    [['1', '--reason', 'x', '--amount'], '--amount needs a value'],
    [['1', '--reason', 'x', '--force', 'y'], 'Unknown option: --force'],
  ])('refuses %j', (argv, error) => {
    expect(parseRefundArguments(argv, 'os')).toEqual({ error });
  });

  it('derives the same key from the same order, amount and reason, and another from any other', () => {
    const key = refundKey(100234, 1500, 'Late delivery');
    expect(key).toMatch(/^system:refund:100234:[0-9a-f]{24}$/);
    expect(refundKey(100234, 1500, ' Late delivery')).toBe(key);
    expect(
      new Set([
        key,
        refundKey(100234, null, 'Late delivery'),
        refundKey(100234, 1500, 'Other'),
        refundKey(100235, 1500, 'Late delivery'),
      ]).size,
    ).toBe(4);
  });
});
