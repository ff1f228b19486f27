import type { ProductDetail, ProductPage, ProductSort, ReferenceData } from '@contracts/catalog';
import { api } from './api';

export interface ProductQuery {
  category: number;
  search: string;
  sort: ProductSort;
  page: number;
  size: number;
}

/**
 * The catalog reads several features share (libs/contracts/catalog.ts): products, a product, and the
 * reference data of the address forms. The product detail shows "Page Not Found" for an unknown id
 * itself, so a 404 there must not trigger the request-level error table.
 */
export const catalogReadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    products: build.query<ProductPage, ProductQuery>({
      query: ({ category, search, sort, page, size }) => ({
        url: '/products',
        params: { category, search, sort, page, size },
      }),
      providesTags: ['Products'],
    }),
    // The product page's read: a Product plus its videos, faculty photos, related products (ProductDetail).
    product: build.query<ProductDetail, number>({
      query: (id) => `/products/${id}`,
      transformResponse: (body: { data: ProductDetail }) => body.data,
      providesTags: ['Products'],
      extraOptions: { handlesOwnErrors: true },
    }),
    reference: build.query<ReferenceData, void>({ query: () => '/reference' }),
  }),
});

export const { useProductsQuery, useProductQuery, useReferenceQuery } = catalogReadsApi;
