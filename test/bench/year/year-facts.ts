import type pg from 'pg';
import { catalogActivityFacts } from '#apps/api/cme/index.js';
import type { YearCatalog } from './year-streams.js';

/**
 * The catalog the year is written about, read from the shop's own tables after its first start imported
 * the demo catalog: the streaming titles and their lengths, the products sold one by one, the yearly
 * subscriptions at their one-year price, and the CME activities as the test page resolves them
 * (`catalogActivityFacts`, the same look-up `cme:audit --verify` scores again with).
 */
export async function yearCatalog(pool: pg.Pool): Promise<YearCatalog> {
  const videos = await pool.query<{ product_id: number; title_id: number; duration: number }>(
    `SELECT t.product_id, t.title_id, t.duration FROM catalog_product_titles t
       JOIN catalog_products p ON p.id = t.product_id
      WHERE p.streaming = 1 AND t.duration > 120 ORDER BY t.title_id`,
  );
  const products = await pool.query<{ id: number; name: string; type: string; price: number; credits: string }>(
    `SELECT id, name, type, coalesce(effective_price, price) AS price, credits::text FROM catalog_products ORDER BY id`,
  );
  const terms = await pool.query<{ product_id: number; price: number }>(
    'SELECT product_id, price FROM catalog_product_terms WHERE years = 1',
  );
  const yearPrice = new Map(terms.rows.map((t) => [t.product_id, t.price]));
  const withVideos = new Set(videos.rows.map((v) => v.product_id));
  const factsOf = catalogActivityFacts(pool);
  const activities: YearCatalog['activities'] = [];
  for (const p of products.rows.filter((r) => Number(r.credits) > 0)) {
    const testType = p.type === 'cme' ? 'module' : 'streaming';
    const facts = await factsOf(testType, p.id);
    if (facts)
      activities.push({
        productId: p.id,
        name: p.name,
        testType,
        key: [...facts.key],
        credits: facts.credits,
        safety: facts.safety,
      });
  }
  const subscriptions = products.rows
    .filter((p) => p.type === 'qmpcomplete' || p.type === 'STREAMING_ALL')
    .map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      price: yearPrice.get(p.id) ?? p.price,
      planType: p.type === 'qmpcomplete' ? (1 as const) : (2 as const),
    }));
  const catalog: YearCatalog = {
    videos: videos.rows.map((v) => ({ productId: v.product_id, videoId: v.title_id, seconds: v.duration })),
    streamingProducts: products.rows
      .filter((p) => p.type === 'STREAMING' && withVideos.has(p.id) && p.price > 0)
      .map((p) => ({ id: p.id, name: p.name, price: p.price })),
    subscriptions,
    activities,
  };
  if (!catalog.videos.length || !catalog.streamingProducts.length || subscriptions.length < 2 || !activities.length) {
    throw new Error(
      'the shop imported no catalog to write a year about (videos, products, subscriptions, CME activities)',
    );
  }
  return catalog;
}
