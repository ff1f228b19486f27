import { brandName } from './stripe-gateway.js';
import { toCardOnFile, tokenOf, waitFor } from './stripe-support.js';

describe('Stripe gateway helpers', () => {
  it('makes a card on file token of the customer and the payment method, and reads it back', () => {
    const token = tokenOf('cus_Abc123', 'pm_Xyz789');
    expect(token).toBe('cus_Abc123|pm_Xyz789');
    expect(toCardOnFile(token)).toEqual({ customer: 'cus_Abc123', paymentMethod: 'pm_Xyz789' });
  });

  it('reads no card on file from a token of another gateway or a malformed one', () => {
    expect(toCardOnFile('tok_0123abcd')).toBeNull();
    expect(toCardOnFile('cus_Abc123')).toBeNull();
    expect(toCardOnFile('cus_Abc123|pm_Xyz789|extra')).toBeNull();
  });

  it("names Stripe's brands as the shop shows them", () => {
    expect(['visa', 'mastercard', 'amex', 'jcb', undefined].map(brandName)).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Jcb',
      'Card',
    ]);
  });

  it('waits for an answer, and gives up with a clear error when none comes in time', async () => {
    let calls = 0;
    await expect(waitFor(() => Promise.resolve(++calls < 3 ? null : 'done'))).resolves.toBe('done');
    await expect(waitFor(() => Promise.resolve(null), 60)).rejects.toThrow(
      'A payment with this key is still being processed.',
    );
  });
});
