import type { CartView, CouponResponse, OfferRequest, OfferResponse, RenewalRequest } from '@contracts/cart';
import { cartCall, sharedCartApi, storesAnsweredCart } from '@/lib/cart/cart-api';

const own = { handlesOwnErrors: true } as const;
const sameView = (view: CartView): CartView => view;

/**
 * The cart screen's calls (and the marketing offer's). Each answers the new cart, which goes straight into
 * the cart query's cache (lib/cart/cart-api.ts) instead of a second GET /api/cart.
 */
export const cartApi = sharedCartApi.injectEndpoints({
  endpoints: (build) => ({
    removeItem: build.mutation<CartView, string>({
      query: (key) => cartCall(`/cart/items/${encodeURIComponent(key)}`, 'DELETE'),
      onQueryStarted: storesAnsweredCart(sameView),
    }),
    applyCoupon: build.mutation<CouponResponse, string>({
      query: (COUPON) => cartCall('/cart/coupon', 'POST', { COUPON }),
      onQueryStarted: storesAnsweredCart((response: CouponResponse) => response.cart),
      extraOptions: own,
    }),
    clearCart: build.mutation<CartView, void>({
      query: () => cartCall('/cart', 'DELETE'),
      onQueryStarted: storesAnsweredCart(sameView),
    }),
    addRenewal: build.mutation<CartView, RenewalRequest>({
      query: (body) => cartCall('/cart/renewals', 'POST', body),
      onQueryStarted: storesAnsweredCart(sameView),
    }),
    redeemOffer: build.mutation<OfferResponse, OfferRequest>({
      query: (body) => cartCall('/offers', 'POST', body),
      onQueryStarted: storesAnsweredCart((response: OfferResponse) => response.cart),
      extraOptions: own,
    }),
  }),
});

export const {
  useRemoveItemMutation,
  useApplyCouponMutation,
  useClearCartMutation,
  useAddRenewalMutation,
  useRedeemOfferMutation,
} = cartApi;
