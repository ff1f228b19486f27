import { expect, type APIRequestContext } from '@playwright/test';
import type {
  Faculty,
  FacultySummary,
  MeetingSummary,
  Product,
  ProductListItem,
  ProductPage,
  ShortPath,
} from '../../../libs/contracts/catalog.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Cents to the shop's USD text ($1,750.00). */
export const money = (cents: number): string => usd.format(cents / 100);

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path}: ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

export const productPage = (
  request: APIRequestContext,
  query: { category?: number; search?: string; sort?: string; page?: number; size?: number },
): Promise<ProductPage> => {
  const params = new URLSearchParams({
    category: String(query.category ?? 0),
    search: query.search ?? '',
    sort: query.sort ?? 'PUBDATE_DESC',
    page: String(query.page ?? 1),
    size: String(query.size ?? 48),
  });
  return getJson<ProductPage>(request, `/api/products?${params}`);
};

export const product = async (request: APIRequestContext, id: number): Promise<Product> =>
  (await getJson<{ data: Product }>(request, `/api/products/${id}`)).data;

/** The eLearning subscription product (TYPE elearning with terms). */
export async function elearningProduct(request: APIRequestContext): Promise<ProductListItem> {
  for (const query of [
    { category: 10, size: 96 },
    { category: 0, search: 'elearning', size: 96 },
  ]) {
    const found = (await productPage(request, query)).data.find((p) => p.TYPE === 'elearning' && p.TERMS.length > 0);
    if (found) return found;
  }
  throw new Error('no eLearning subscription product in the catalog');
}

export const facultyList = async (request: APIRequestContext): Promise<FacultySummary[]> =>
  (await getJson<{ data: FacultySummary[] }>(request, '/api/faculty')).data;

export const facultyMember = async (request: APIRequestContext, userId: number): Promise<Faculty> => {
  const first = (await getJson<{ data: Faculty[] }>(request, `/api/faculty/${userId}`)).data[0];
  if (!first) throw new Error(`no faculty ${userId}`);
  return first;
};

export const meetings = async (request: APIRequestContext): Promise<MeetingSummary[]> =>
  (await getJson<{ data: MeetingSummary[] }>(request, '/api/meetings')).data;

export const shortPaths = async (request: APIRequestContext): Promise<ShortPath[]> =>
  (await getJson<{ data: ShortPath[] }>(request, '/api/short-paths')).data;

/** The term label of the subscribe dropdowns and of product 130's term choice. */
export const termLabel = (years: number, cents: number): string =>
  `${years} Year${years > 1 ? 's' : ''}: ${money(cents)} / year`;
