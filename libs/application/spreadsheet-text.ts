import { stringify } from 'csv-stringify/sync';

/**
 * An amount or other number the export formats itself (a refund's `-12.34`): a spreadsheet reads it
 * as the number it is, so it is written as is. Every other cell is text.
 */
export interface NumberCell {
  number: string;
}

export type Cell = string | number | NumberCell;

/** Marks a formatted number (`dollars(-1234)` is `-12.34`) so it is not taken for a formula. */
export const numberCell = (text: string): NumberCell => ({ number: text });

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export interface SpreadsheetTextOptions {
  /** `,` (CSV, the default) or `\t` (PARS). */
  delimiter?: string;
  /** `\n` (the default) or `\r\n` (PARS, as the template's own files). */
  recordDelimiter?: string;
  /** RFC 4180 quoting (the default); false for a tab-delimited file whose cells hold no tab or line break. */
  quoting?: boolean;
}

/**
 * The one way an export writes cells a spreadsheet will open (the finance CSV, the CME audit CSV,
 * PARS): through csv-stringify with its formula escaping, so a text cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return (a physician who calls himself `=HYPERLINK(...)`) gets a
 * leading `'` and is shown as the text it is, never evaluated (OWASP, CSV injection). Numbers, and
 * cells marked `numberCell`, are written as they are: a number cannot be a formula.
 */
export function spreadsheetText(rows: readonly (readonly Cell[])[], options: SpreadsheetTextOptions = {}): string {
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === 'object' ? checkedNumber(cell) : cell))),
    {
      delimiter: options.delimiter ?? ',',
      record_delimiter: options.recordDelimiter ?? '\n',
      escape_formulas: true,
      ...(options.quoting === false ? { quote: '' } : {}),
      // A number the export formatted is written as is (no formula escaping).
      cast: { object: (cell) => ({ value: String(cell.number), escape_formulas: false }) },
    },
  );
}

function checkedNumber(cell: NumberCell): NumberCell {
  if (!PLAIN_NUMBER.test(cell.number)) throw new Error(`not a number: ${cell.number}`);
  return cell;
}
