import type { RedeemRequest, RedeemResponse } from '@contracts/streaming';
import { api } from '@/lib/api';

/**
 * Book redeem (POST /api/redeem, login only). The screen shows the server's refusal itself. A redeemed
 * code opens the book's videos at once: the cached streaming list is dropped (the screen reads the roles again).
 */
export const redeemApi = api.injectEndpoints({
  endpoints: (build) => ({
    redeem: build.mutation<RedeemResponse, RedeemRequest>({
      query: (body) => ({ url: '/redeem', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Streaming'] : []),
      extraOptions: { handlesOwnErrors: true },
    }),
  }),
});

export const { useRedeemMutation } = redeemApi;
