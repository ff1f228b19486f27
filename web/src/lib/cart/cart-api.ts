import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import type { AddItemRequest, CartView, MergeRequest } from '@contracts/cart';
import { api } from '../api';
import { selectToken, type WithSession } from '../session';
import { cartId } from './cart-id';

/**
 * The cart every feature sees (the navigation badge, add-to-cart buttons, the login's merge, checkout):
 * the cart query and the calls that answer a CartView outside the cart screen. The cart screen's own
 * calls are injected by features/cart.
 */

/** Every cart call carries the browser's cart id; a logged-in customer's calls use the customer's cart anyway. */
export const cartCall = (url: string, method = 'GET', body?: unknown) => ({
  url,
  method,
  body,
  headers: { 'X-Cart-Id': cartId() },
});

/** The cart query's argument: the session token, or 'anonymous', so a login or logout shows the right cart. */
export const cartKey = (state: WithSession): string => selectToken(state) ?? 'anonymous';

export const cartQueryApi = api.injectEndpoints({
  endpoints: (build) => ({
    cart: build.query<CartView, string>({
      query: () => cartCall('/cart'),
      providesTags: ['Cart'],
    }),
  }),
});

type CartQueryState = Parameters<ReturnType<typeof cartQueryApi.endpoints.cart.select>>[0];

/**
 * Writes a CartView a mutation answered into the cart query's cache, so the cart is not fetched again.
 * While a fetch of the cart is in flight its older answer would land after ours: then the tag is
 * invalidated instead (RTK Query refetches once the pending calls settle), as before.
 */
export const cartAnswered =
  (view: CartView): ThunkAction<void, WithSession & CartQueryState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    const state = getState();
    const key = cartKey(state);
    if (cartQueryApi.endpoints.cart.select(key)(state).status === 'pending') {
      dispatch(api.util.invalidateTags(['Cart']));
      return;
    }
    void dispatch(cartQueryApi.util.upsertQueryData('cart', key, view));
  };

// The lifecycle's dispatch accepts any state (RTK Query types it with `any`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mirrors RTK Query's own MutationLifecycleApi type
type LifecycleDispatch = ThunkDispatch<any, unknown, UnknownAction>;

/**
 * `onQueryStarted` of a cart mutation: the answered cart goes into the cache; a failed call, or an answer
 * without a cart, invalidates the cart as the `invalidatesTags: ['Cart']` it replaces did.
 */
export const storesAnsweredCart =
  <Arg, Result>(cartOf: (result: Result) => CartView | null) =>
  async (_arg: Arg, lifecycle: { dispatch: LifecycleDispatch; queryFulfilled: Promise<{ data: Result }> }) => {
    const view = await lifecycle.queryFulfilled.then(
      ({ data }) => cartOf(data),
      () => null,
    );
    lifecycle.dispatch(view ? cartAnswered(view) : api.util.invalidateTags(['Cart']));
  };

const own = { handlesOwnErrors: true } as const;
const sameView = (view: CartView): CartView => view;

export const sharedCartApi = cartQueryApi.injectEndpoints({
  endpoints: (build) => ({
    addItem: build.mutation<CartView, AddItemRequest>({
      query: (body) => cartCall('/cart/items', 'POST', body),
      onQueryStarted: storesAnsweredCart(sameView),
    }),
    mergeCart: build.mutation<CartView, MergeRequest>({
      query: (body) => cartCall('/cart/merge', 'POST', body),
      onQueryStarted: storesAnsweredCart(sameView),
      extraOptions: own,
    }),
  }),
});

export const { useCartQuery } = cartQueryApi;
export const { useAddItemMutation, useMergeCartMutation } = sharedCartApi;

/** The server cart of whoever is using the browser (the query is keyed by the session token). */
export function useServerCart() {
  return useCartQuery(useSelector(cartKey));
}
