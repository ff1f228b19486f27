import type { Category } from '@contracts/catalog';
import { api } from '@/lib/api';

/** The catalog's own read: the categories of the product list's side menu (products and product: lib/catalog-api.ts). */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query<Category[], void>({
      query: () => '/categories',
      transformResponse: (body: { data: Category[] }) => body.data,
    }),
  }),
});

export const { useCategoriesQuery } = catalogApi;
