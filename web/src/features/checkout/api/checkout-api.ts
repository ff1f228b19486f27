import type { PayRequest, PayResponse, Quote, QuoteRequest } from '@contracts/cart';
import { api } from '@/lib/api';
import { cartCall } from '@/lib/cart/cart-api';
import { cartId } from '@/lib/cart/cart-id';

const own = { handlesOwnErrors: true } as const;

/** The checkout calls: the quote of the contact/shipping step and the payment. */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    quote: build.mutation<Quote, QuoteRequest>({
      query: (body) => cartCall('/checkout/quote', 'POST', body),
      extraOptions: own,
    }),
    /** Handles its own errors (signed-in section 8): "{status}: {first error}" on the pay screen. */
    pay: build.mutation<PayResponse, { request: PayRequest; idempotencyKey: string }>({
      query: ({ request, idempotencyKey }) => ({
        ...cartCall('/checkout/pay', 'POST', request),
        headers: { 'X-Cart-Id': cartId(), 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Orders', 'Streaming'],
      extraOptions: own,
    }),
  }),
});

export const { useQuoteMutation, usePayMutation } = checkoutApi;
