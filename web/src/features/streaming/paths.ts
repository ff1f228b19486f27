import {
  STREAM_CATEGORY_ALL,
  STREAM_CATEGORY_FAVORITES,
  STREAM_CATEGORY_PURCHASED,
  STREAM_CATEGORY_USER_HOME,
  type StreamCategory,
  type StreamProduct,
  type StreamSort,
} from '@contracts/streaming';

/** category and search travel with the viewer from the list to a stream and a video (signed-in section 2). */
export interface ListContext {
  category: string | null;
  search: string | null;
}

function query(context: ListContext): string {
  const params = new URLSearchParams();
  if (context.category) params.set('category', context.category);
  if (context.search) params.set('search', context.search);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const listPath = (context: ListContext): string => `/streaming${query(context)}`;
export const streamPath = (id: number, context: ListContext): string => `/stream/${id}${query(context)}`;
export const videoPath = (productId: number, videoId: number, context: ListContext): string =>
  `/streams/details/${productId}/${videoId}${query(context)}`;

/** The list's category in the address (`?category=`); none, or not a whole number, is All Videos. */
export function categoryOf(params: URLSearchParams): number {
  const category = Number(params.get('category'));
  return Number.isInteger(category) ? category : STREAM_CATEGORY_ALL;
}

/** Where a side-menu entry goes: -2 is the user home, the others filter the list. */
export const categoryPath = (id: number): string =>
  id === STREAM_CATEGORY_USER_HOME ? '/user/home' : `/streaming?category=${id}`;

/** An image path of the API (`assets/img/...`) as a URL of the site. */
export const assetUrl = (path: string): string => (path.startsWith('/') || /^https?:/.test(path) ? path : `/${path}`);

/** The fixed entries of the streaming side menu, then the stream categories of the customer's videos. */
export function menuEntries(categories: StreamCategory[]): StreamCategory[] {
  const fixed: StreamCategory[] = [
    { ID: STREAM_CATEGORY_USER_HOME, NAME: 'My Videos Home' },
    { ID: STREAM_CATEGORY_ALL, NAME: 'All Videos' },
    { ID: STREAM_CATEGORY_FAVORITES, NAME: 'Favorites' },
    { ID: STREAM_CATEGORY_PURCHASED, NAME: 'Purchased' },
  ];
  return [...fixed, ...categories.filter((c) => !fixed.some((f) => f.ID === c.ID))];
}

/** The products of a category (signed-in section 2): -1 favourites, -3 purchased, 0 all, else CATSUBCATS. */
export function inCategory(products: StreamProduct[], category: number, favorites: number[]): StreamProduct[] {
  if (category === STREAM_CATEGORY_FAVORITES) return products.filter((p) => favorites.includes(p.ID));
  if (category === STREAM_CATEGORY_PURCHASED) return products.filter((p) => p.PURCHASED === 1);
  if (category === STREAM_CATEGORY_ALL) return products;
  return products.filter((p) => p.CATSUBCATS.includes(category));
}

/** Search within the category: name, faculty and table of contents, case-insensitive. */
export function matching(products: StreamProduct[], search: string): StreamProduct[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return products;
  return products.filter((p) => [p.PRODUCTNAME, p.FACULTY, p.TOC].some((text) => text.toLowerCase().includes(needle)));
}

const byName = (a: StreamProduct, b: StreamProduct) =>
  a.PRODUCTNAME.localeCompare(b.PRODUCTNAME, 'en', { sensitivity: 'base' }) || a.ID - b.ID;
const byDate = (a: StreamProduct, b: StreamProduct) => a.PUBDATE.localeCompare(b.PUBDATE) || a.ID - b.ID;

export function sorted(products: StreamProduct[], sort: StreamSort): StreamProduct[] {
  const copy = [...products];
  switch (sort) {
    case 'NAME_ASC':
      return copy.sort(byName);
    case 'NAME_DESC':
      return copy.sort((a, b) => byName(b, a));
    case 'PUBDATE_ASC':
      return copy.sort(byDate);
    case 'PUBDATE_DESC':
      return copy.sort((a, b) => byDate(b, a));
  }
}

export const SORT_LABELS: Record<StreamSort, string> = {
  PUBDATE_DESC: 'Newest first',
  PUBDATE_ASC: 'Oldest first',
  NAME_ASC: 'Name: A to Z',
  NAME_DESC: 'Name: Z to A',
};

/** Category 17's description (signed-in section 2: "Category 17 shows a description"). */
export const ELEARNING_DESCRIPTION =
  'eLearning Streams are structured courses: each one walks through a procedure from consultation and ' +
  'planning to technique and follow-up, with short chapters you can watch in any order. Courses with CME ' +
  'credits end with a test you can take from the course page.';
