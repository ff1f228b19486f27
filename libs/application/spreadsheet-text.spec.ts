import { parse } from 'csv-parse/sync';
import { numberCell, spreadsheetText } from './spreadsheet-text.js';

/** What a spreadsheet would take for a formula: a cell starting with =, +, -, @, a tab or a carriage return. */
const HOSTILE = [
  '=HYPERLINK("http://evil.test","x")',
  '+1+1',
  '-2+3',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  "=cmd|' /C calc'!A0",
];

describe('spreadsheet text (every export: finance CSV, CME audit CSV, PARS)', () => {
  it('given hostile text cells, when written, then each starts with a quote and reads back as the same text', () => {
    const csv = spreadsheetText([['name'], ...HOSTILE.map((text) => [text])]);
    const cells = (parse(csv) as string[][]).slice(1).map(([cell]) => cell!);
    expect(cells).toEqual(HOSTILE.map((text) => `'${text}`));
  });

  it('given numbers and formatted amounts, when written, then they stay numbers (a refund is -12.30)', () => {
    const csv = spreadsheetText([[5, -3, numberCell('-12.30'), numberCell('0.05'), 'text']]);
    expect(csv).toBe('5,-3,-12.30,0.05,text\n');
  });

  it('given a cell marked as a number that is not one, when written, then it is refused', () => {
    expect(() => spreadsheetText([[numberCell('=1+1')]])).toThrow('not a number');
  });

  it('given commas, quotes and line breaks, when written as CSV, then RFC 4180 quoting keeps each cell whole', () => {
    const row = ['a,b', 'say "hi"', 'two\nlines', 'plain'];
    expect(parse(spreadsheetText([row]))).toEqual([row]);
  });

  it('given a tab-delimited file (PARS), when written unquoted with CRLF, then a hostile name is neutralised all the same', () => {
    expect(
      spreadsheetText(
        [
          ['First Name', 'Last Name'],
          ['=1+1', 'Smith'],
        ],
        { delimiter: '\t', recordDelimiter: '\r\n', quoting: false },
      ),
    ).toBe("First Name\tLast Name\r\n'=1+1\tSmith\r\n");
  });
});
