import type {
  AddItemRequest,
  CardOnFile,
  CartView,
  CouponResponse,
  MergeRequest,
  OfferRequest,
  OfferResponse,
  OrderHistoryEntry,
  PayRequest,
  PayResponse,
  Quote,
  QuoteRequest,
  Receipt,
  RenewalRequest,
} from '@contracts/cart';
import type { ExpiringSubscription } from '@contracts/identity';
import { api } from '@/lib/api';
import { cartId } from '../cart-id';

const own = { handlesOwnErrors: true } as const;

/** Every cart call carries the browser's cart id; a logged-in customer's calls use the customer's cart anyway. */
const cartCall = (url: string, method = 'GET', body?: unknown) => ({
  url,
  method,
  body,
  headers: { 'X-Cart-Id': cartId() },
});

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Keyed by the token (or 'anonymous') so a login or logout shows the right cart. */
    cart: build.query<CartView, string>({
      query: () => cartCall('/cart'),
      providesTags: ['Cart'],
    }),
    addItem: build.mutation<CartView, AddItemRequest>({
      query: (body) => cartCall('/cart/items', 'POST', body),
      invalidatesTags: ['Cart'],
    }),
    removeItem: build.mutation<CartView, string>({
      query: (key) => cartCall(`/cart/items/${encodeURIComponent(key)}`, 'DELETE'),
      invalidatesTags: ['Cart'],
    }),
    applyCoupon: build.mutation<CouponResponse, string>({
      query: (COUPON) => cartCall('/cart/coupon', 'POST', { COUPON }),
      invalidatesTags: ['Cart'],
      extraOptions: own,
    }),
    clearCart: build.mutation<CartView, void>({
      query: () => cartCall('/cart', 'DELETE'),
      invalidatesTags: ['Cart'],
    }),
    mergeCart: build.mutation<CartView, MergeRequest>({
      query: (body) => cartCall('/cart/merge', 'POST', body),
      invalidatesTags: ['Cart'],
      extraOptions: own,
    }),
    addRenewal: build.mutation<CartView, RenewalRequest>({
      query: (body) => cartCall('/cart/renewals', 'POST', body),
      invalidatesTags: ['Cart'],
    }),
    redeemOffer: build.mutation<OfferResponse, OfferRequest>({
      query: (body) => cartCall('/offers', 'POST', body),
      invalidatesTags: ['Cart'],
      extraOptions: own,
    }),
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
      invalidatesTags: ['Orders'],
      extraOptions: own,
    }),
    cardOnFile: build.query<{ data: CardOnFile | null }, string>({
      query: () => '/card',
      providesTags: ['Card'],
      extraOptions: own,
    }),
    /** The receipt handles its own errors: any failure shows the not-authorised text, no logout. */
    receipt: build.query<{ data: Receipt }, { onum: string; token: string | null }>({
      query: ({ onum, token }) => ({
        url: `/orders/${encodeURIComponent(onum)}`,
        params: token ? { token } : undefined,
      }),
      extraOptions: own,
    }),
    orders: build.query<{ data: OrderHistoryEntry[] }, void>({
      query: () => '/orders',
      providesTags: ['Orders'],
    }),
    expiring: build.query<{ data: ExpiringSubscription[] }, string>({
      query: () => '/subscriptions/expiring',
      extraOptions: own,
    }),
  }),
});

export const {
  useCartQuery,
  useAddItemMutation,
  useRemoveItemMutation,
  useApplyCouponMutation,
  useClearCartMutation,
  useMergeCartMutation,
  useAddRenewalMutation,
  useRedeemOfferMutation,
  useQuoteMutation,
  usePayMutation,
  useCardOnFileQuery,
  useReceiptQuery,
  useOrdersQuery,
  useExpiringQuery,
} = cartApi;
