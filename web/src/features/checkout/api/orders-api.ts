import type { OrderHistoryEntry, Receipt } from '@contracts/cart';
import { api } from '@/lib/api';

/** The receipt of checkout/confirm and the order history (GET /api/orders). */
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
    orders: build.query<{ data: OrderHistoryEntry[] }, void>({
      query: () => '/orders',
      providesTags: ['Orders'],
    }),
  }),
});

export const { useReceiptQuery, useOrdersQuery } = ordersApi;
