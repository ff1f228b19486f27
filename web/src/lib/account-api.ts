import type { AccountUser } from '@contracts/account';
import { api } from './api';

/**
 * GET /api/account (docs/api.md, Account): shared by the account page and checkout/customer, which fills
 * an empty form with the saved addresses. Keyed by the session token, so one account's data never shows
 * for another. The saves belong to the account feature; they write their answer into this cache.
 */
export const accountQueryApi = api.injectEndpoints({
  endpoints: (build) => ({
    account: build.query<{ data: AccountUser }, string>({
      query: () => '/account',
    }),
  }),
});

export const { useAccountQuery } = accountQueryApi;
