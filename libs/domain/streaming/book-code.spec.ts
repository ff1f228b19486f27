import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { bookCodeDecider, bookCodeStreamId, normalizeCode } from './book-code.js';

const now = '2026-03-01T10:00:00.000Z';
const given = givenWhenThen(bookCodeDecider);
const redeemed = {
  type: 'CodeRedeemed' as const,
  data: { code: 'BOOK-AEGB-BNZB', customerId: 'c-1', productId: 601, redeemedAt: now },
};

describe('book code decider (Book redeem)', () => {
  it('a known, unused code is redeemed (typed in lower case and with spaces, stored upper case)', () => {
    given()
      .when({ type: 'RedeemCode', code: ' book-aegb-bnzb ', customerId: 'c-1', productId: 601, now })
      .then(redeemed);
  });
  it('an empty code is refused with "Code is required."', () => {
    given()
      .when({ type: 'RedeemCode', code: '  ', customerId: 'c-1', productId: null, now })
      .thenFails('code_required');
  });
  it('an unknown code is refused', () => {
    given()
      .when({ type: 'RedeemCode', code: 'BOOK-NOPE-NOPE', customerId: 'c-1', productId: null, now })
      .thenFails('code_unknown');
  });
  it('a code is redeemed once, ever: another customer is refused', () => {
    given(redeemed)
      .when({ type: 'RedeemCode', code: 'BOOK-AEGB-BNZB', customerId: 'c-2', productId: 601, now })
      .thenFails('code_used');
  });
  it("the same customer's retry records nothing again", () => {
    given(redeemed).when({ type: 'RedeemCode', code: 'BOOK-AEGB-BNZB', customerId: 'c-1', productId: 601, now }).then();
  });
  it('the stream is named by the normalised code', () => {
    expect(bookCodeStreamId(' book-aegb-bnzb')).toBe('bookcode-BOOK-AEGB-BNZB');
  });
  it('a code pasted with spaces, other dashes or none is the printed code', () => {
    for (const pasted of ['book aegb bnzb', 'BOOKAEGBBNZB', 'BOOK\u2013AEGB\u2013BNZB', ' Book-Aegb Bnzb\n']) {
      given().when({ type: 'RedeemCode', code: pasted, customerId: 'c-1', productId: 601, now }).then(redeemed);
      expect(normalizeCode(pasted)).toBe('BOOK-AEGB-BNZB');
    }
  });
  it('a code of another shape is only trimmed and upper-cased', () => {
    expect(normalizeCode(' promo 12 ')).toBe('PROMO 12');
  });
});
