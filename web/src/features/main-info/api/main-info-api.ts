import type { MainInfo } from '@contracts/identity';
import { api } from '@/lib/api';

export const mainInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    mainInfo: build.query<MainInfo, void>({ query: () => '/main-info', providesTags: ['MainInfo'] }),
  }),
});

export const { useMainInfoQuery } = mainInfoApi;
