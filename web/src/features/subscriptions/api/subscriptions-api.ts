import type { ExpiringSubscription } from '@contracts/identity';
import type { FailedRenewal } from '@contracts/renewals';
import { api } from '@/lib/api';

/** The expiring subscriptions of the logged-in customer (the toast), and the automatic renewals that failed. */
export const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    expiring: build.query<{ data: ExpiringSubscription[] }, string>({
      query: () => '/subscriptions/expiring',
      extraOptions: { handlesOwnErrors: true },
    }),
    failedRenewals: build.query<{ data: FailedRenewal[] }, string>({
      query: () => '/subscriptions/renewals/failed',
      extraOptions: { handlesOwnErrors: true },
    }),
  }),
});

export const { useExpiringQuery, useFailedRenewalsQuery } = subscriptionsApi;
