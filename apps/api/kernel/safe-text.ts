/**
 * Text the shop accepts from a request (docs/conventions.md: bad input answers 400, never 500).
 * PostgreSQL refuses a NUL character in text and jsonb, and a lone UTF-16 surrogate in jsonb, so
 * such input would fail deep inside a query; every string of the body, the query and the path is
 * checked here first. Other control characters (except tab, line feed and carriage return) have no
 * place in a form field either. Nesting is bounded, so a hostile body cannot exhaust the stack.
 */

export const MAX_NESTING = 32;
export const TOO_DEEP = 'The request is nested too deeply.';

export const controlCharsMessage = (field: string): string => `${field} must not contain control characters.`;
export const invalidTextMessage = (field: string): string => `${field} must be valid Unicode text.`;

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** What is wrong with one string, if anything: 'control' (NUL and other control characters), 'unicode' (a lone surrogate). */
export function textFault(text: string): 'control' | 'unicode' | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== TAB && c !== LF && c !== CR) || c === 0x7f) return 'control';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'unicode';
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return 'unicode';
    }
  }
  return null;
}

/**
 * Objects whose fields are walked: what the JSON and query parsers build (plain objects, also with a
 * null or an empty prototype, as Fastify's query parser makes them); binary bodies are not text.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && !(value instanceof Date);
}

const join = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/**
 * Every message about the strings (values and keys) in `value`: objects and arrays are walked,
 * anything else (numbers, buffers) is left to the DTO rules. `root` names
 * the value itself (a query parameter's name, or '' for a whole body).
 */
export function unsafeTextMessages(value: unknown, root: string): string[] {
  const messages: string[] = [];
  const report = (text: string, path: string): void => {
    const fault = textFault(text);
    const field = path || root || 'The request';
    if (fault === 'control') messages.push(controlCharsMessage(field));
    if (fault === 'unicode') messages.push(invalidTextMessage(field));
  };
  // Iterative, so a deep body cannot overflow the stack before the depth check refuses it.
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      report(item.value, item.path);
      continue;
    }
    const entries: Array<[string | number, unknown]> = Array.isArray(item.value)
      ? item.value.map((v, i): [number, unknown] => [i, v])
      : isRecord(item.value)
        ? Object.entries(item.value)
        : [];
    if (entries.length === 0) continue;
    if (item.depth >= MAX_NESTING) return [TOO_DEEP];
    // Reversed onto the stack, so the messages come out in the order of the fields.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const path = join(item.path, key);
      stack.push({ value: child, path, depth: item.depth + 1 });
      if (typeof key === 'string' && textFault(key) !== null) stack.push({ value: key, path, depth: item.depth + 1 });
    }
  }
  return messages;
}
