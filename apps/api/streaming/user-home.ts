import type { Pool } from 'pg';
import {
  STREAM_CATEGORY_FAVORITES,
  STREAM_CATEGORY_PURCHASED,
  type UserHomeResponse,
  type UserHomeTile,
} from '#libs/contracts/streaming.js';
import type { Access } from '#libs/domain/streaming/access.js';
import { type StreamCatalogProduct, streamCategories } from '#libs/read-models/stream-products.js';

const image = (id: number): string => `assets/img/products/${id}/${id}.jpeg`;

/**
 * user/home (signed-in section 2): the stream categories of the watchable products (side menu) and a
 * tile per category, led by the customer's own shelves; the newest product of a category gives its
 * image, the latest watchable favourite the Favorites tile's (none: no image, never another product's).
 * A tile's LINK is an in-app path (`/streaming?category={n}`); the last one is the public redeem
 * instructions. Links starting with http would open a new window (none in the demo data).
 */
export async function userHome(
  pool: Pool,
  watchable: { product: StreamCatalogProduct; access: Access }[],
  favorites: readonly number[],
): Promise<UserHomeResponse> {
  const ids = new Set(watchable.flatMap((p) => p.product.CATEGORIES));
  const rows = await streamCategories(pool, [...ids]);
  const newestIn = (category: number): number | undefined =>
    watchable.find((p) => p.product.CATEGORIES.includes(category))?.product.ID;
  const favorite = favorites.find((id) => watchable.some((p) => p.product.ID === id));
  const purchased = watchable.find((p) => p.access.purchased)?.product.ID;
  const tiles: UserHomeTile[] = [
    {
      TITLE: 'Favorites',
      IMAGE: favorite ? image(favorite) : '',
      LINK: `/streaming?category=${STREAM_CATEGORY_FAVORITES}`,
    },
    ...(purchased
      ? [{ TITLE: 'Purchased', IMAGE: image(purchased), LINK: `/streaming?category=${STREAM_CATEGORY_PURCHASED}` }]
      : []),
    ...rows.map((c) => {
      const id = newestIn(c.id);
      return { TITLE: c.name, IMAGE: id ? image(id) : '', LINK: `/streaming?category=${c.id}` };
    }),
    { TITLE: 'Redeem a Book Code', IMAGE: '', LINK: '/redeem-info' },
  ];
  return { categories: rows.map((c) => ({ ID: c.id, NAME: c.name })), tiles };
}
