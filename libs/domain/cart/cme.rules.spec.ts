import { CME_PURCHASE_WARNING, cmePurchaseAllowed } from './cme.rules.js';

const cme = { TYPE: 'cme' };
const book = { TYPE: 'BOOK' };

describe('CME purchase rule (storefront sections 5 and 8)', () => {
  it.each<[string, { TYPE: string }[], string[], boolean]>([
    ['a cart without CME needs nothing', [book], [], true],
    ['CME without a subscription role or item stays in the cart with a warning', [cme, book], [], false],
    ['CME with role elearning', [cme], ['elearning', 'streaming'], true],
    ['CME with role qmpcomplete', [cme], ['qmpcomplete'], true],
    ['CME with role streaming_all', [cme], ['streaming_all'], true],
    ['role streaming alone does not satisfy it', [cme], ['streaming', 'iflap'], false],
    ['CME with a new Complete subscription in the cart', [cme, { TYPE: 'qmpcomplete' }], [], true],
    ['CME with a new eLearning subscription in the cart', [cme, { TYPE: 'elearning' }], [], true],
    ['CME with a new STREAMING_ALL subscription in the cart', [cme, { TYPE: 'STREAMING_ALL' }], [], true],
  ])('%s', (_title, items, roles, allowed) => {
    expect(cmePurchaseAllowed(items, roles)).toBe(allowed);
  });

  it('the warning, word for word', () => {
    expect(CME_PURCHASE_WARNING).toBe(
      'CME can only be purchased with a new or current subscription to Complete, Stream, or eLearning',
    );
  });
});
