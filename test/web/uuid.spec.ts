import { uuid } from '../../web/src/lib/uuid.js';

/** The web's one uuid (web/src/lib/uuid.ts): the browser's own where it exists, built from random bytes elsewhere. */
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuid', () => {
  afterEach(() => jest.restoreAllMocks());

  it('uses crypto.randomUUID where the context has it', () => {
    jest.spyOn(crypto, 'randomUUID').mockReturnValue('11111111-2222-4333-8444-555555555555');
    expect(uuid()).toBe('11111111-2222-4333-8444-555555555555');
  });

  it('builds a v4 uuid from random bytes where randomUUID is missing (plain http)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const made = new Set(Array.from({ length: 200 }, () => uuid()));
      expect(made.size).toBe(200);
      for (const id of made) expect(id).toMatch(V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
