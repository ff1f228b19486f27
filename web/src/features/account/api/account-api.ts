import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type {
  AccountSaved,
  AddressRequest,
  CardRequest,
  CardSaved,
  CmeInfo,
  CmeInfoRequest,
  CmeInfoSaved,
  ProfileRequest,
} from '@contracts/account';
import type { OrderHistoryPage, Subscriptions } from '@contracts/cart';
import type { RenewableType } from '@contracts/renewals';
import { accountQueryApi } from '@/lib/account-api';
import { api } from '@/lib/api';

/**
 * The account page's own calls (docs/api.md, Account). The account query itself is shared
 * (`lib/account-api.ts`, checkout prefills from it); every save answers the account as it now is and
 * writes it into that query's cache. The saves show their own 400, 402 and 409 on the page.
 */

// The lifecycle's dispatch accepts any state (RTK Query types it with `any`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mirrors RTK Query's own MutationLifecycleApi type
type LifecycleDispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** `onQueryStarted` of a save: the answered account goes into the cached GET /api/account of this session. */
async function writeAccount(
  { token }: { token: string },
  { dispatch, queryFulfilled }: { dispatch: LifecycleDispatch; queryFulfilled: Promise<{ data: AccountSaved }> },
): Promise<void> {
  const saved = await queryFulfilled.then(
    ({ data }) => data.data,
    // The screen shows the failure; the cache keeps what the server last answered.
    () => null,
  );
  if (saved) void dispatch(accountQueryApi.util.upsertQueryData('account', token, { data: saved }));
}

const own = { handlesOwnErrors: true } as const;

/** Orders the tab shows at first and adds with each "Show more orders". */
export const ORDERS_PER_PAGE = 10;

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveProfile: build.mutation<AccountSaved, { token: string; body: ProfileRequest }>({
      query: ({ body }) => ({ url: '/account/profile', method: 'PUT', body }),
      extraOptions: own,
      onQueryStarted: writeAccount,
      // The account's auto-renew box sets every subscription: the Subscriptions tab reads them again.
      invalidatesTags: (result) => (result ? ['Subscriptions'] : []),
    }),
    saveAddress: build.mutation<AccountSaved, { token: string; kind: 'shipping' | 'billing'; body: AddressRequest }>({
      query: ({ kind, body }) => ({ url: `/account/${kind}`, method: 'PUT', body }),
      extraOptions: own,
      onQueryStarted: writeAccount,
    }),
    /** Sent to the gateway by the server; the typed card lives only in the form (never in the store). */
    saveCard: build.mutation<CardSaved, CardRequest>({
      query: (body) => ({ url: '/account/card', method: 'PUT', body }),
      extraOptions: own,
      invalidatesTags: (result) => (result ? ['Card'] : []),
    }),
    /**
     * GET /api/orders, a page at a time, newest first (signed-in section 4: loaded when the tab is first
     * chosen; the cache keeps the pages shown, a payment loads them again). The reads keep the
     * request-level error table (a 401 still ends the session); other failures show on the tab.
     */
    orders: build.infiniteQuery<OrderHistoryPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.NEXT,
      },
      query: ({ pageParam }) => ({
        url: '/orders',
        params: { limit: ORDERS_PER_PAGE, ...(pageParam === null ? {} : { after: pageParam }) },
      }),
      providesTags: ['Orders'],
      // Kept for the session's visits to the tab: only a payment (tag Orders) loads it again.
      keepUnusedDataFor: 60 * 60,
    }),
    subscriptions: build.query<Subscriptions, string>({
      query: () => '/subscriptions',
      providesTags: ['Subscriptions'],
    }),
    /** The Subscriptions tab's switch: answers the tab's data as it now is, written into its cache. */
    setSubscriptionAutoRenew: build.mutation<Subscriptions, { token: string; type: RenewableType; autorenew: 0 | 1 }>({
      query: ({ type, autorenew }) => ({ url: `/account/auto-renew/${type}`, method: 'PUT', body: { autorenew } }),
      extraOptions: own,
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(
          ({ data }) => data,
          () => null,
        );
        if (saved) void dispatch(accountApi.util.upsertQueryData('subscriptions', token, saved));
      },
    }),
    /** GET /api/account/cme (roles cme or cmePrint); a load failure shows on the tab. */
    cmeInfo: build.query<{ data: CmeInfo }, string>({
      query: () => '/account/cme',
      providesTags: ['CmeInfo'],
    }),
    saveCmeInfo: build.mutation<CmeInfoSaved, { token: string; body: CmeInfoRequest }>({
      query: ({ body }) => ({ url: '/account/cme', method: 'PUT', body }),
      extraOptions: own,
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(
          ({ data }) => data.data,
          () => null,
        );
        if (saved) void dispatch(accountApi.util.upsertQueryData('cmeInfo', token, { data: saved }));
      },
    }),
  }),
});

export const {
  useSaveProfileMutation,
  useSaveAddressMutation,
  useSaveCardMutation,
  useOrdersInfiniteQuery,
  useSubscriptionsQuery,
  useSetSubscriptionAutoRenewMutation,
  useCmeInfoQuery,
  useSaveCmeInfoMutation,
} = accountApi;
