import { DomainError } from '#libs/domain/kernel/decider.js';
import {
  clientKey,
  fingerprintOf,
  KEY_REUSED,
  KEY_REUSED_CODE,
  refuseOtherRequest,
  systemKey,
} from './stored-answers.js';

describe('stored answers: one rule for every key', () => {
  it("a client's key lives in its customer's, cart's or order's namespace, never in the shop's", () => {
    const renewal = systemKey('renewal', 'c1', 'elearning', '2027-11-26');
    expect(renewal).toBe('system:renewal:c1:elearning:2027-11-26');
    // The renewal's own key, sent by its customer as an Idempotency-Key, is another key.
    expect(clientKey({ customerId: 'c1' }, renewal)).toBe('client:customer:c1:system:renewal:c1:elearning:2027-11-26');
    expect(clientKey({ customerId: 'c1' }, 'k-1')).not.toBe(clientKey({ customerId: 'c2' }, 'k-1'));
    expect(clientKey({ cartId: 'c1' }, 'k-1')).not.toBe(clientKey({ customerId: 'c1' }, 'k-1'));
    expect(clientKey({ orderNumber: 100001 }, 'k-1')).toBe('client:order:100001:k-1');
  });

  it('a fingerprint covers the operation and every value asked, in any order', () => {
    const asked = fingerprintOf('charge', { amountCents: 10_716, card: 'token:t', orderNumber: 100001 });
    expect(asked).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf('charge', { orderNumber: 100001, card: 'token:t', amountCents: 10_716 })).toBe(asked);
    expect(fingerprintOf('charge', { amountCents: 157_500, card: 'token:t', orderNumber: 100001 })).not.toBe(asked);
    expect(fingerprintOf('refund', { amountCents: 10_716, card: 'token:t', orderNumber: 100001 })).not.toBe(asked);
    expect(fingerprintOf('charge', { amountCents: 10_716, card: 'token:t', orderNumber: null })).not.toBe(asked);
  });

  it('the same request gets its answer; another one is refused with 409 words; a voided key answers any', () => {
    const asked = fingerprintOf('refund', { chargeReference: 'ch_1', amountCents: 100 });
    expect(() => refuseOtherRequest(asked, asked)).not.toThrow();
    expect(() => refuseOtherRequest(null, asked)).not.toThrow();
    expect(() => refuseOtherRequest(undefined, asked)).not.toThrow();
    const other = fingerprintOf('refund', { chargeReference: 'ch_2', amountCents: 100 });
    expect(() => refuseOtherRequest(other, asked)).toThrow(new DomainError(KEY_REUSED_CODE, KEY_REUSED));
  });
});
