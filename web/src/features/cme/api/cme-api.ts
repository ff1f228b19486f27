import type {
  CmeSummaryResponse,
  CmeTestResponse,
  CmeTestSaveRequest,
  CmeTestSaveResponse,
  CmeTestType,
  CmeVerifyResponse,
} from '@contracts/cme';
import { api } from '@/lib/api';

/** The test page and the verify page show the server's refusals themselves (signed-in section 8). */
const own = { handlesOwnErrors: true } as const;

export interface CmeTestKey {
  /** The session token: one account's record never shows for another. */
  token: string;
  type: CmeTestType;
  id: number;
}

/**
 * CME (libs/contracts/cme.ts): the yearly dashboard, a product's test and its save, and the public
 * verification of a certificate. The certificate PDF is not a query (a blob does not belong in the
 * store): `components/certificate-download.ts` fetches it. The dashboard provides `Cme`, which a save
 * invalidates; the screens read again whenever they are opened (the CME info tab may have changed
 * CMEINFOMISSING meanwhile).
 */
export const cmeApi = api.injectEndpoints({
  endpoints: (build) => ({
    cmeSummary: build.query<CmeSummaryResponse, { token: string; year: number }>({
      query: ({ year }) => ({ url: '/cme/summary', params: { year } }),
      providesTags: ['Cme'],
    }),
    cmeTest: build.query<CmeTestResponse, CmeTestKey>({
      query: ({ type, id }) => `/cme/tests/${type}/${id}`,
      keepUnusedDataFor: 0,
      extraOptions: own,
    }),
    saveCmeTest: build.mutation<CmeTestSaveResponse, CmeTestKey & { body: CmeTestSaveRequest }>({
      query: ({ type, id, body }) => ({ url: `/cme/tests/${type}/${id}`, method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Cme'] : []),
      extraOptions: own,
    }),
    verifyCertificate: build.query<CmeVerifyResponse, string>({
      query: (number) => `/cme/verify/${encodeURIComponent(number)}`,
      extraOptions: own,
    }),
  }),
});

export const { useCmeSummaryQuery, useCmeTestQuery, useSaveCmeTestMutation, useVerifyCertificateQuery } = cmeApi;
