import type { Receipt } from '@contracts/cart';
import { api } from '@/lib/api';

/** The receipt of checkout/confirm (the order history belongs to the account feature). */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The receipt handles its own errors: any failure shows the not-authorised text, no logout. */
    receipt: build.query<{ data: Receipt }, { onum: string; token: string | null }>({
      query: ({ onum, token }) => ({
        url: `/orders/${encodeURIComponent(onum)}`,
        params: token ? { token } : undefined,
      }),
      extraOptions: { handlesOwnErrors: true },
    }),
  }),
});

export const { useReceiptQuery } = ordersApi;
