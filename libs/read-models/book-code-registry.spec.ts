import { bookCodeRegistryReadModel, redemptionOf } from './book-code-registry.js';
import { projectInto, readModelDatabase } from './identity-projection.testing.js';

describe('book code registry read model', () => {
  const db = readModelDatabase(bookCodeRegistryReadModel);

  it('given a code redeemed, then the registry names who redeemed it, when, and for which book', async () => {
    await projectInto(db.pool, bookCodeRegistryReadModel, [
      {
        type: 'CodeRedeemed',
        data: { code: 'BOOK-AEGB-BNZB', customerId: 'c1', productId: 601, redeemedAt: '2026-03-01T10:00:00.000Z' },
      },
      // A replay of the event keeps the first row.
      {
        type: 'CodeRedeemed',
        data: { code: 'BOOK-AEGB-BNZB', customerId: 'c1', productId: 601, redeemedAt: '2026-03-01T10:00:00.000Z' },
      },
      { type: 'FavoriteAdded', data: { customerId: 'c1', productId: 601, addedAt: '2026-03-01T10:00:00.000Z' } },
    ]);
    expect(await redemptionOf(db.pool, 'BOOK-AEGB-BNZB')).toEqual({
      code: 'BOOK-AEGB-BNZB',
      customerId: 'c1',
      productId: 601,
      redeemedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(await redemptionOf(db.pool, 'BOOK-GX2T-TTYA')).toBeNull();
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM book_code_redemptions');
    expect(rows[0].n).toBe(1);
  });
});
