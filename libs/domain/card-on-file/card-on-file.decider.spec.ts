import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { cardOnFileDecider, type SaveCardOnFile } from './card-on-file.decider.js';
import type { CardSavedOnFile } from './card-on-file.events.js';

const given = givenWhenThen(cardOnFileDecider);
const save = (token: string, last4 = '4242'): SaveCardOnFile => ({
  type: 'SaveCardOnFile',
  customerId: 'c1',
  token,
  brand: 'visa',
  last4,
  month: '12',
  year: '2030',
  now: '2026-11-22T00:00:00.000Z',
});
const saved = (token: string): CardSavedOnFile => ({
  type: 'CardSavedOnFile',
  data: {
    customerId: 'c1',
    token,
    brand: 'visa',
    last4: '4242',
    month: '12',
    year: '2030',
    savedAt: '2026-11-22T00:00:00.000Z',
  },
});

describe('card on file: saved as the gateway token with brand, last four and expiry only', () => {
  it('keeps a new card', () => given().when(save('tok_a')).then(saved('tok_a')));
  it('replaces the card on file by another', () => given(saved('tok_a')).when(save('tok_b')).then(saved('tok_b')));
  it('saving the same token again appends nothing', () => given(saved('tok_a')).when(save('tok_a')).then());
  it('never keeps something other than four digits as the last four', () =>
    given().when(save('tok_a', '4242424242424242')).then());
});
