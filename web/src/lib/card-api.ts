import type { CardOnFile } from '@contracts/cart';
import { api } from './api';

/**
 * GET /api/card: the card on file of a logged-in customer, shared by the pay screen ("use card ending
 * in ...") and the account page's Card section. Tag 'Card': a payment or a replaced card refetches it.
 */
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
