import type {
  Category,
  Faculty,
  FacultySummary,
  Meeting,
  MeetingSummary,
  Product,
  ProductPage,
  ProductSort,
  ReferenceData,
  ShortPath,
} from '@contracts/catalog';
import { api } from '@/lib/api';

export interface ProductQuery {
  category: number;
  search: string;
  sort: ProductSort;
  page: number;
  size: number;
}

/**
 * The public catalog reads (libs/contracts/catalog.ts). The detail reads show "Page Not Found" for an
 * unknown id themselves, so a 404 there must not trigger the request-level error table.
 */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    products: build.query<ProductPage, ProductQuery>({
      query: ({ category, search, sort, page, size }) => ({
        url: '/products',
        params: { category, search, sort, page, size },
      }),
      providesTags: ['Products'],
    }),
    product: build.query<Product, number>({
      query: (id) => `/products/${id}`,
      transformResponse: (body: { data: Product }) => body.data,
      providesTags: ['Products'],
      extraOptions: { handlesOwnErrors: true },
    }),
    categories: build.query<Category[], void>({
      query: () => '/categories',
      transformResponse: (body: { data: Category[] }) => body.data,
    }),
    faculty: build.query<FacultySummary[], void>({
      query: () => '/faculty',
      transformResponse: (body: { data: FacultySummary[] }) => body.data,
    }),
    facultyMember: build.query<Faculty | null, number>({
      query: (userId) => `/faculty/${userId}`,
      // The spec reads the first entry of the list.
      transformResponse: (body: { data: Faculty[] }) => body.data[0] ?? null,
      extraOptions: { handlesOwnErrors: true },
    }),
    meetings: build.query<MeetingSummary[], void>({
      query: () => '/meetings',
      transformResponse: (body: { data: MeetingSummary[] }) => body.data,
    }),
    meeting: build.query<Meeting, number>({
      query: (id) => `/meetings/${id}`,
      transformResponse: (body: { data: Meeting }) => body.data,
      extraOptions: { handlesOwnErrors: true },
    }),
    shortPaths: build.query<ShortPath[], void>({
      query: () => '/short-paths',
      transformResponse: (body: { data: ShortPath[] }) => body.data,
    }),
    reference: build.query<ReferenceData, void>({ query: () => '/reference' }),
  }),
});

export const {
  useProductsQuery,
  useProductQuery,
  useCategoriesQuery,
  useFacultyQuery,
  useFacultyMemberQuery,
  useMeetingsQuery,
  useMeetingQuery,
  useShortPathsQuery,
  useReferenceQuery,
} = catalogApi;
