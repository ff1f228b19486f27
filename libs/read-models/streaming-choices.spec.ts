import { projectInto, readModelDatabase } from './identity-projection.testing.js';
import { favoritesOf, hasAcceptedTerms, streamingChoicesReadModel } from './streaming-choices.js';

const added = (customerId: string, productId: number, addedAt: string) => ({
  type: 'FavoriteAdded',
  data: { customerId, productId, addedAt },
});

describe('streaming choices read model', () => {
  const db = readModelDatabase(streamingChoicesReadModel);

  it('given favourites added and removed, then the favourites are the ones held, the latest first', async () => {
    await projectInto(db.pool, streamingChoicesReadModel, [
      added('c1', 250, '2026-03-01T10:00:00.000Z'),
      added('c1', 215, '2026-03-02T10:00:00.000Z'),
      added('c1', 260, '2026-03-03T10:00:00.000Z'),
      { type: 'FavoriteRemoved', data: { customerId: 'c1', productId: 260, removedAt: '2026-03-04T10:00:00.000Z' } },
      added('c2', 250, '2026-03-01T10:00:00.000Z'),
    ]);
    expect(await favoritesOf(db.pool, 'c1')).toEqual([215, 250]);
    expect(await favoritesOf(db.pool, 'c2')).toEqual([250]);
    expect(await favoritesOf(db.pool, 'c3')).toEqual([]);
  });

  it('given a removed favourite added again, then it is held once, with its new time', async () => {
    await projectInto(db.pool, streamingChoicesReadModel, [
      added('c1', 250, '2026-03-01T10:00:00.000Z'),
      added('c1', 260, '2026-03-03T10:00:00.000Z'),
      { type: 'FavoriteRemoved', data: { customerId: 'c1', productId: 260, removedAt: '2026-03-04T10:00:00.000Z' } },
      added('c1', 260, '2026-03-05T10:00:00.000Z'),
    ]);
    expect(await favoritesOf(db.pool, 'c1')).toEqual([260, 250]);
    const { rows } = await db.pool.query('SELECT added_at FROM streaming_favorites WHERE product_id = 260');
    expect(rows.map((r) => (r.added_at as Date).toISOString())).toEqual(['2026-03-05T10:00:00.000Z']);
  });

  it('given terms accepted, then they are accepted for that customer and product only', async () => {
    await projectInto(db.pool, streamingChoicesReadModel, [
      { type: 'TermsAccepted', data: { customerId: 'c1', productId: 215, acceptedAt: '2026-03-01T10:00:00.000Z' } },
      // A replay of the same event keeps one row.
      { type: 'TermsAccepted', data: { customerId: 'c1', productId: 215, acceptedAt: '2026-03-01T10:00:00.000Z' } },
    ]);
    expect(await hasAcceptedTerms(db.pool, 'c1', 215)).toBe(true);
    expect(await hasAcceptedTerms(db.pool, 'c2', 215)).toBe(false);
    expect(await hasAcceptedTerms(db.pool, 'c1', 250)).toBe(false);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM streaming_terms');
    expect(rows[0].n).toBe(1);
  });
});
