/**
 * The text a CME event's hash is computed over: canonical JSON (keys sorted at every level, no
 * spaces) of `{type, data}`. The store may reorder keys (PostgreSQL jsonb does), so the order never
 * matters. Pure: the SHA-256 itself is injected (`CmeHasher`), the domain uses no Node built-in.
 */
export type CmeHasher = (text: string) => string;

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const cmeChainText = (event: { type: string; data: unknown }): string =>
  canonicalJson({ type: event.type, data: event.data });
