/**
 * Rows in PostgreSQL's COPY text format (one row a line, columns split by tabs, `\N` for NULL, the
 * backslash escapes of COPY): a table's part of a backup is exactly what `COPY table TO STDOUT` gives
 * with the same settings, so it can also be read by hand (`psql -c "COPY t FROM STDIN"`).
 * Values are each column type's text output; the restore reads them back with the type's input.
 */

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const UNESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v' };

/** One row as a COPY text line, with its newline. */
export function copyLine(values: readonly (string | null)[]): string {
  return `${values.map((v) => (v === null ? '\\N' : v.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]!))).join('\t')}\n`;
}

/**
 * The values of one COPY text line (without its newline). A backslash before any other character
 * stands for that character, as in COPY; the octal and hex forms COPY also reads are never written here.
 */
export function parseCopyLine(line: string): (string | null)[] {
  return line
    .split('\t')
    .map((field) => (field === '\\N' ? null : field.replace(/\\(.)/gs, (_, c: string) => UNESCAPES[c] ?? c)));
}
