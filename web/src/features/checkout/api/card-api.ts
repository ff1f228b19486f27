import type { CardOnFile } from '@contracts/cart';
import { api } from '@/lib/api';

/** The card on file of a logged-in customer (the pay screen's "use card ending in ..."). */
export const cardApi = api.injectEndpoints({
  endpoints: (build) => ({
    cardOnFile: build.query<{ data: CardOnFile | null }, string>({
      query: () => '/card',
      providesTags: ['Card'],
      extraOptions: { handlesOwnErrors: true },
    }),
  }),
});

export const { useCardOnFileQuery } = cardApi;
