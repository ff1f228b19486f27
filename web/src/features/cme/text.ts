import { errorBody } from '@/lib/api';

/**
 * The text a failed CME call shows (signed-in section 8: "CME save failure shows the ERROR field from
 * the server"): ERROR when the body has one, else its messages, else `fallback`.
 */
export function cmeErrorText(error: unknown, fallback: string): string {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : null;
  if (typeof data === 'object' && data !== null && 'ERROR' in data && typeof data.ERROR === 'string' && data.ERROR)
    return data.ERROR;
  if (typeof data === 'string' && data.trim() && !data.trim().startsWith('<')) return data.trim();
  const messages = errorBody(error)?.message ?? [];
  return messages.length > 0 ? messages.join(' ') : fallback;
}

/** The date part of an ISO 8601 time (the dashboard's and the verify page's dates). */
export const datePart = (iso: string): string => iso.split('T')[0] ?? iso;
