import type { AccountUser, EmailChangeLinkRequest } from '@contracts/account';
import type { SuccessBody } from '@contracts/identity';
import { api } from './api';

/**
 * GET /api/account (docs/api.md, Account): shared by the account page and checkout/customer, which fills
 * an empty form with the saved addresses. Keyed by the session token, so one account's data never shows
 * for another. The saves belong to the account feature; they write their answer into this cache.
 *
 * The two links of an email change (POST /api/users/confirm-email and /api/users/undo-email-change) are
 * here too: the auth screens that follow them and the account page share their contract.
 */
export const accountQueryApi = api.injectEndpoints({
  endpoints: (build) => ({
    account: build.query<{ data: AccountUser }, string>({
      query: () => '/account',
      // The signed-in customer's own data, as GET /api/auth/me: a confirmed email change reloads both.
      providesTags: ['Me'],
    }),
    confirmEmailChange: build.mutation<SuccessBody, EmailChangeLinkRequest>({
      query: (body) => ({ url: '/users/confirm-email', method: 'POST', body }),
      extraOptions: { handlesOwnErrors: true },
      invalidatesTags: (result) => (result ? ['Me'] : []),
    }),
    undoEmailChange: build.mutation<SuccessBody, EmailChangeLinkRequest>({
      query: (body) => ({ url: '/users/undo-email-change', method: 'POST', body }),
      extraOptions: { handlesOwnErrors: true },
    }),
  }),
});

export const { useAccountQuery, useConfirmEmailChangeMutation, useUndoEmailChangeMutation } = accountQueryApi;
