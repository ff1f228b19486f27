import type { ExpiringSubscription } from '@contracts/identity';
import { api } from '@/lib/api';

/** The expiring subscriptions of the logged-in customer (the toast). */
export const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    expiring: build.query<{ data: ExpiringSubscription[] }, string>({
      query: () => '/subscriptions/expiring',
      extraOptions: { handlesOwnErrors: true },
    }),
  }),
});

export const { useExpiringQuery } = subscriptionsApi;
