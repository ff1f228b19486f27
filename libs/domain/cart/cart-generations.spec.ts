import { cartIdOfGeneration, generationOfCartId } from './cart-generations.js';

describe('cart generations', () => {
  const base = 'customer-0b6f4f7e-6c1d-4a8e-9d43-2f1c5b7a9e10';

  it('keeps the first cart under the id the shop always gave it', () => {
    expect(cartIdOfGeneration({ base, generation: 0 })).toBe(base);
    expect(generationOfCartId(base)).toEqual({ base, generation: 0 });
  });

  it('names every later cart by its base and generation, and reads them back', () => {
    for (const generation of [1, 2, 10, 1000]) {
      const cartId = cartIdOfGeneration({ base, generation });
      expect(cartId).toBe(`${base}.${generation}`);
      expect(generationOfCartId(cartId)).toEqual({ base, generation });
    }
  });

  it("reads a visitor's uuid as a first cart", () => {
    const visitor = '7d2a1c0e-4b5f-4e8a-9c3d-1f2e3a4b5c6d';
    expect(generationOfCartId(visitor)).toEqual({ base: visitor, generation: 0 });
    expect(generationOfCartId(`${visitor}.3`)).toEqual({ base: visitor, generation: 3 });
  });
});
