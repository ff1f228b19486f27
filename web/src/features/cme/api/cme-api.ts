import {
  cmeCertificateFileName,
  type CmeSummaryResponse,
  type CmeTestListResponse,
  type CmeTestResponse,
  type CmeTestSaveRequest,
  type CmeTestSaveResponse,
  type CmeTestType,
  type CmeVerifyResponse,
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

/** A downloaded certificate: an object URL of the PDF (the caller saves it, then revokes it) and its file name. */
export interface CertificateFile {
  url: string;
  fileName: string;
}

/** The PDF as a blob; an error answer as the JSON (or text) it carries, so its ERROR can be shown. */
const pdfOrError = (response: Response): Promise<unknown> => {
  if (response.ok) return response.blob();
  return (response.headers.get('content-type') ?? '').includes('json') ? response.json() : response.text();
};

/**
 * CME (libs/contracts/cme.ts): the yearly dashboard, the list of tests, a product's test and its save, the certificate,
 * and the public verification of a certificate. The dashboard provides `Cme`, which a save
 * invalidates; the screens read again whenever they are opened (the CME info tab may have changed
 * CMEINFOMISSING meanwhile).
 */
export const cmeApi = api.injectEndpoints({
  endpoints: (build) => ({
    cmeSummary: build.query<CmeSummaryResponse, { token: string; year: number }>({
      query: ({ year }) => ({ url: '/cme/summary', params: { year } }),
      providesTags: ['Cme'],
    }),
    /** The tests the user can take this year, with their state (keyed by the session token). */
    cmeTests: build.query<CmeTestListResponse, string>({
      query: () => '/cme/tests',
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
    /**
     * Issues the year's certificate (a repeat answers the same one), then fetches its PDF: both through
     * the app's base query, so an ended session or maintenance are handled as for every other call. The
     * blob stays out of the store: the answer is an object URL.
     */
    downloadCmeCertificate: build.mutation<CertificateFile, { year: number }>({
      async queryFn({ year }, _api, _extraOptions, baseQuery) {
        const issued = await baseQuery({ url: '/cme/certificate', method: 'POST', params: { year } });
        if (issued.error) return { error: issued.error };
        const pdf = await baseQuery({ url: '/cme/certificate', params: { year }, responseHandler: pdfOrError });
        if (pdf.error) return { error: pdf.error };
        return { data: { url: URL.createObjectURL(pdf.data as Blob), fileName: cmeCertificateFileName(year) } };
      },
      extraOptions: own,
    }),
    verifyCertificate: build.query<CmeVerifyResponse, string>({
      query: (number) => `/cme/verify/${encodeURIComponent(number)}`,
      extraOptions: own,
    }),
  }),
});

export const {
  useCmeSummaryQuery,
  useCmeTestsQuery,
  useCmeTestQuery,
  useSaveCmeTestMutation,
  useDownloadCmeCertificateMutation,
  useVerifyCertificateQuery,
} = cmeApi;
