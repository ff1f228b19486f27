import type { ShortPath } from '@contracts/catalog';
import { api } from '@/lib/api';

/** The marketing short paths the catch-all route looks up. */
export const shortPathsApi = api.injectEndpoints({
  endpoints: (build) => ({
    shortPaths: build.query<ShortPath[], void>({
      query: () => '/short-paths',
      transformResponse: (body: { data: ShortPath[] }) => body.data,
    }),
  }),
});

export const { useShortPathsQuery } = shortPathsApi;
