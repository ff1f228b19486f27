import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { ErrorBody } from '@contracts/errors';
import { currentPath, navigateTo } from './navigation';
import { loggedOut, redirectTargetSet, type WithSession } from './session';

export interface ApiExtraOptions {
  /** The screen shows this call's errors itself (form messages, 402, 404, 409); 401 and 503 still end the session. */
  handlesOwnErrors?: boolean;
}

export const oneDeviceMessage = (host: string): string =>
  `Please login again. Only 1 device per user account can be logged into ${host} at a time.`;

/** The reads public/boot.js started before the app for a signed-in first screen, by path (`/api/...`). */
interface BootReads {
  token: string;
  /** performance.now() when they were sent. */
  at: number;
  reads: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    bootReads?: BootReads;
  }
}

/** A read boot.js sent is reused only by the app's first start, not by a later visit to the screen. */
const BOOT_READ_FRESH_MS = 30_000;

/**
 * The answer boot.js is already fetching for this request (same GET path, same token), taken once: the
 * first screen's reads start with the page instead of after the app's JavaScript (docs/performance.md).
 * A boot read that failed on the network is sent again.
 */
function bootRead(request: RequestInfo): Promise<Response> | null {
  const boot = typeof window === 'undefined' ? undefined : window.bootReads;
  // fetchBaseQuery always passes a Request.
  if (!boot || !(request instanceof Request) || request.method !== 'GET') return null;
  const url = new URL(request.url);
  const key = url.pathname + url.search;
  const read = boot.reads[key];
  if (!read) return null;
  delete boot.reads[key];
  const fresh = performance.now() - boot.at < BOOT_READ_FRESH_MS;
  if (!fresh || request.headers.get('authorization') !== `Bearer ${boot.token}`) return null;
  return read.catch(() => fetch(request));
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  fetchFn: (request: RequestInfo) => bootRead(request) ?? fetch(request),
  // Storefront section 7: every request carries a Bearer header from the stored session token.
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as WithSession).session.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

const onLogin = (): boolean => currentPath() === '/login';

function rememberWhereWeWere(dispatch: (action: unknown) => unknown): void {
  if (!onLogin()) dispatch(redirectTargetSet(window.location.pathname + window.location.search + window.location.hash));
}

/**
 * The request-level error table (storefront section 8), applied once for every call made with a session.
 * Calls made without a token, and public form calls, leave errors to their screens.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const sentToken = (api.getState() as WithSession).session.token;
  const result = await rawBaseQuery(args, api, extraOptions ?? {});
  if (!result.error || sentToken === null) return result;
  // The session this call was sent with has already ended (an earlier answer of calls sent together) or
  // was replaced by a new login: this late answer must neither clear the login notice nor end the new session.
  if ((api.getState() as WithSession).session.token !== sentToken) return result;
  // A screen that shows its own errors still loses an ended session (401) and maintenance (503) like any other.
  const status = result.error.status;
  if (extraOptions?.handlesOwnErrors && status !== 401 && status !== 503) return result;

  switch (result.error.status) {
    case 403:
      rememberWhereWeWere(api.dispatch);
      api.dispatch(loggedOut());
      navigateTo('/login');
      break;
    case 503:
      api.dispatch(loggedOut());
      navigateTo('/maintenance');
      break;
    case 401: {
      // The first 401 of an ended session sets the one-device notice; it stays until the next login.
      rememberWhereWeWere(api.dispatch);
      api.dispatch(loggedOut({ notice: oneDeviceMessage(window.location.host) }));
      navigateTo('/login');
      break;
    }
    case 400:
      navigateTo('/login');
      break;
    case 404:
      if (currentPath() !== '/checkout/pay') navigateTo('/login');
      break;
    default:
      break;
  }
  return result;
};

/** One API for the app; each feature injects its endpoints (redux-essentials style). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'MainInfo', 'Cart', 'Card', 'Orders', 'Subscriptions', 'CmeInfo', 'Products', 'Streaming', 'Cme'],
  endpoints: () => ({}),
});

/** The server's error body, when the failure carried one. */
export function errorBody(error: unknown): ErrorBody | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const body = data as Partial<ErrorBody>;
  const first = typeof body.error === 'string' ? body.error : '';
  return {
    statusCode: typeof body.statusCode === 'number' ? body.statusCode : 0,
    error: first,
    message: Array.isArray(body.message) ? body.message.filter((m): m is string => typeof m === 'string') : [],
    ERROR: typeof body.ERROR === 'string' ? body.ERROR : first,
  };
}

export function errorStatus(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : null;
  }
  return null;
}

export const userTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
