import { DECLINES, declineWords } from './decline-words.js';

describe("a refusal in the shop's words", () => {
  it.each([
    ['a failed 3-D Secure check', { code: 'payment_intent_authentication_failure' }, DECLINES.authentication],
    [
      'insufficient funds (a decline code)',
      { code: 'card_declined', decline_code: 'insufficient_funds' },
      DECLINES.insufficientFunds,
    ],
    ['an expired card', { code: 'expired_card' }, DECLINES.expired],
    ['a wrong security code', { code: 'incorrect_cvc', decline_code: 'incorrect_cvc' }, DECLINES.securityCode],
    ['a wrong number', { code: 'incorrect_number' }, DECLINES.incorrectNumber],
    ['a processing error', { code: 'processing_error' }, DECLINES.processing],
    ['a payment method that does not exist', { code: 'resource_missing' }, DECLINES.notAccepted],
    [
      'a stolen card (told as a plain decline)',
      { code: 'card_declined', decline_code: 'stolen_card' },
      DECLINES.declined,
    ],
    ['a code the shop does not know', { code: 'something_new' }, DECLINES.declined],
    ['no code at all', {}, DECLINES.declined],
  ])('%s', (_what, refusal, words) => {
    expect(declineWords(refusal)).toBe(words);
  });

  it('never passes on the processor’s text', () => {
    const all = Object.values(DECLINES);
    expect(all).not.toContain('The provided PaymentMethod has failed authentication.');
    expect(declineWords({ code: 'payment_intent_authentication_failure' })).not.toMatch(
      /PaymentMethod|authentication\./,
    );
  });
});
