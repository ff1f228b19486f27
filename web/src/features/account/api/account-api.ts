import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { AccountSaved, AccountUser, AddressRequest, ProfileRequest } from '@contracts/account';
import { api } from '@/lib/api';

/**
 * The account page's calls (docs/api.md, Account). The account query is keyed by the session token,
 * so one account's data never shows for another. Every save answers the account as it now is and
 * writes it into that query's cache; the saves show their own 400 and 409 messages on the page.
 */
const accountQueryApi = api.injectEndpoints({
  endpoints: (build) => ({
    account: build.query<{ data: AccountUser }, string>({
      query: () => '/account',
    }),
  }),
});

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

const accountSaveApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveProfile: build.mutation<AccountSaved, { token: string; body: ProfileRequest }>({
      query: ({ body }) => ({ url: '/account/profile', method: 'PUT', body }),
      extraOptions: { handlesOwnErrors: true },
      onQueryStarted: writeAccount,
    }),
    saveAddress: build.mutation<AccountSaved, { token: string; kind: 'shipping' | 'billing'; body: AddressRequest }>({
      query: ({ kind, body }) => ({ url: `/account/${kind}`, method: 'PUT', body }),
      extraOptions: { handlesOwnErrors: true },
      onQueryStarted: writeAccount,
    }),
  }),
});

export const { useAccountQuery } = accountQueryApi;
export const { useSaveProfileMutation, useSaveAddressMutation } = accountSaveApi;
