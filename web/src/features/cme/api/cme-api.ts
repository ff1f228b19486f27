import {
  cmeCertificateFileName,
  type CmeCertificateInfo,
  cmeCredentialFileName,
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

/** A downloaded file: an object URL (the caller saves it, then revokes it) and its file name. */
export interface DownloadedFile {
  url: string;
  fileName: string;
}

/** A downloaded certificate: its PDF, and what the issue answered (its number). */
export interface CertificateFile extends DownloadedFile {
  info: CmeCertificateInfo;
}

/** A PDF checked on the verify page against the certificate issued under `number`. */
export interface CertificateFileCheck {
  number: string;
  file: Blob;
}

/** SHA-256 (hex) of a file, in the browser; null where Web Crypto is not offered (a page not served over HTTPS). */
async function sha256Hex(file: Blob): Promise<string | null> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A file as a blob; an error answer as the JSON (or text) it carries, so its ERROR can be shown. */
const fileOrError = (response: Response): Promise<unknown> => {
  if (response.ok) return response.blob();
  return (response.headers.get('content-type') ?? '').includes('json') ? response.json() : response.text();
};

/**
 * CME (libs/contracts/cme.ts): the yearly dashboard, the list of tests, a product's test and its save, the certificate
 * and its signed credential, and the public verification of a certificate (and of a PDF against it). The dashboard provides `Cme`, which a save
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
     * Issues the year's certificate (the same one while the credits are the same), then fetches its PDF
     * as issued: both through the app's base query, so an ended session or maintenance are handled as for
     * every other call. The blob stays out of the store: the answer is an object URL.
     */
    downloadCmeCertificate: build.mutation<CertificateFile, { year: number }>({
      async queryFn({ year }, _api, _extraOptions, baseQuery) {
        const issued = await baseQuery({ url: '/cme/certificate', method: 'POST', params: { year } });
        if (issued.error) return { error: issued.error };
        const pdf = await baseQuery({ url: '/cme/certificate', params: { year }, responseHandler: fileOrError });
        if (pdf.error) return { error: pdf.error };
        const url = URL.createObjectURL(pdf.data as Blob);
        return { data: { url, fileName: cmeCertificateFileName(year), info: issued.data as CmeCertificateInfo } };
      },
      extraOptions: own,
    }),
    /** The year's signed credential (a compact JWS) as a file to save. */
    downloadCmeCredential: build.mutation<DownloadedFile, { year: number }>({
      async queryFn({ year }, _api, _extraOptions, baseQuery) {
        const jws = await baseQuery({
          url: '/cme/certificate/credential',
          params: { year },
          responseHandler: fileOrError,
        });
        if (jws.error) return { error: jws.error };
        return { data: { url: URL.createObjectURL(jws.data as Blob), fileName: cmeCredentialFileName(year) } };
      },
      extraOptions: own,
    }),
    verifyCertificate: build.query<CmeVerifyResponse, string>({
      query: (number) => `/cme/verify/${encodeURIComponent(number)}`,
      extraOptions: own,
    }),
    /**
     * Is this PDF the one issued? Hashed in the browser and checked by its SHA-256 (the file never leaves
     * the device); without Web Crypto the file itself is posted.
     */
    checkCertificateFile: build.mutation<CmeVerifyResponse, CertificateFileCheck>({
      async queryFn({ number, file }, _api, _extraOptions, baseQuery) {
        const url = `/cme/verify/${encodeURIComponent(number)}`;
        const sha256 = await sha256Hex(file);
        const checked = await baseQuery(
          sha256
            ? { url, params: { sha256 } }
            : { url, method: 'POST', body: file, headers: { 'content-type': 'application/pdf' } },
        );
        return checked.error ? { error: checked.error } : { data: checked.data as CmeVerifyResponse };
      },
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
  useDownloadCmeCredentialMutation,
  useVerifyCertificateQuery,
  useCheckCertificateFileMutation,
} = cmeApi;
