import { spreadsheetText } from '#libs/application/spreadsheet-text.js';
import { type CmeLicence, decryptCmeLicence } from '#libs/crypto/cme-licence.js';
import { decryptDob } from '#libs/crypto/dob.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { forEachEvent } from './cme-audit-log.js';
import { type AuditLine, cmeAudit } from './cme-audit-report.js';

/**
 * `npm run cme:audit -- --year Y --format pars`: ACCME PARS's learner batch file (docs/audit.md, "PARS
 * export"), tab-delimited, one line per physician and activity completed in the year (a test whose
 * counted credits are above 0), from the event log alone: the credits as the audit counts them, the
 * name from the account's events, the date of birth and the licence fields decrypted from theirs. A line
 * missing a field PARS requires is not written: the export names the physician and the field instead.
 */

/** The header row of ACCME's learner template (CME columns; the MOC and REMS columns after them are left out). */
export const PARS_COLUMNS = [
  'Record Action',
  'ACCME Activity ID',
  'Completion Date',
  'First Name',
  'Last Name',
  'Date of Birth',
  'Licensing State',
  'Licensing ID or NPI',
  'Number of CME Credits',
  'Certifying Board',
  'Certifying Board ID',
] as const;
export type ParsColumn = (typeof PARS_COLUMNS)[number];

/** Filled in every line; a learner is also identified by a state licence or a board id (LEARNER_ID). */
const REQUIRED: readonly ParsColumn[] = [
  'Record Action',
  'ACCME Activity ID',
  'Completion Date',
  'First Name',
  'Last Name',
  'Date of Birth',
  'Number of CME Credits',
];
const LEARNER_ID = 'Licensing State and Licensing ID or NPI, or Certifying Board ID';

export interface ParsProblem {
  customerId: string;
  email: string;
  /** The activity, `{testType}/{productId}`. */
  activity: string;
  /** The column (or columns) concerned. */
  field: string;
  problem: 'missing' | 'cannot be decrypted with the configured key';
}

export interface ParsExport {
  year: number;
  rows: Record<ParsColumn, string>[];
  problems: ParsProblem[];
}

interface Learner {
  firstName: string;
  lastName: string;
  dobEncrypted: string | null;
  licenceEncrypted: string | null;
}

const IDENTITY_TYPES = new Set(['CustomerRegistered', 'ProfileChanged', 'DateOfBirthRecorded', 'CmeLicenceRecorded']);

/** MM/DD/YYYY of an ISO time's UTC day. */
const usDate = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

async function learnersOf(
  store: EventStore,
  customers: ReadonlySet<string>,
  pageSize?: number,
): Promise<Map<string, Learner>> {
  const learners = new Map<string, Learner>();
  const see = (e: RecordedEvent) => {
    const d = e.data as Record<string, unknown>;
    const id = String(d.customerId);
    if (!IDENTITY_TYPES.has(e.type) || !customers.has(id)) return;
    const learner = learners.get(id) ?? { firstName: '', lastName: '', dobEncrypted: null, licenceEncrypted: null };
    const profile = (e.type === 'CustomerRegistered' ? d.profile : d) as { firstname?: unknown; lastname?: unknown };
    if (e.type === 'CustomerRegistered' || e.type === 'ProfileChanged') {
      learner.firstName = typeof profile.firstname === 'string' ? profile.firstname : '';
      learner.lastName = typeof profile.lastname === 'string' ? profile.lastname : '';
    } else if (e.type === 'DateOfBirthRecorded') learner.dobEncrypted = String(d.dobEncrypted);
    else learner.licenceEncrypted = typeof d.licenceEncrypted === 'string' ? d.licenceEncrypted : null;
    learners.set(id, learner);
  };
  await forEachEvent(store, see, pageSize);
  return learners;
}

/** The export of a year (`email`: one physician); `key` is DOB_ENCRYPTION_KEY. */
export async function cmeParsExport(
  store: EventStore,
  options: { year: number; email?: string; key: string; pageSize?: number },
): Promise<ParsExport> {
  // Only the lines that are reported are kept, and only what a PARS line needs of them.
  const completed: Pick<
    AuditLine,
    'customerId' | 'email' | 'testType' | 'productId' | 'submittedAt' | 'creditsAwarded'
  >[] = [];
  const { year, email, pageSize } = options;
  await cmeAudit(store, {
    year,
    ...(email ? { email } : {}),
    ...(pageSize ? { pageSize } : {}),
    onLine: (l) => {
      if (!l.counts || !(l.creditsAwarded > 0)) return;
      const { customerId, testType, productId, submittedAt, creditsAwarded } = l;
      completed.push({ customerId, email: l.email, testType, productId, submittedAt, creditsAwarded });
    },
  });
  const learners = await learnersOf(store, new Set(completed.map((l) => l.customerId)), pageSize);
  const result: ParsExport = { year: options.year, rows: [], problems: [] };
  for (const line of completed) {
    const learner = learners.get(line.customerId);
    const activity = `${line.testType}/${line.productId}`;
    const found: Pick<ParsProblem, 'field' | 'problem'>[] = [];
    const problem = (field: string, what: ParsProblem['problem'] = 'missing') => {
      if (!found.some((p) => p.field === field)) found.push({ field, problem: what });
    };
    const open = <T>(
      encrypted: string | null | undefined,
      decrypt: (text: string, key: string) => T,
      field: string,
    ) => {
      if (!encrypted) return null;
      try {
        return decrypt(encrypted, options.key);
      } catch {
        problem(field, 'cannot be decrypted with the configured key');
        return null;
      }
    };
    const dob = open(learner?.dobEncrypted, decryptDob, 'Date of Birth');
    const licence: CmeLicence | null = open(learner?.licenceEncrypted, decryptCmeLicence, LEARNER_ID);
    const row: Record<ParsColumn, string> = {
      'Record Action': 'Add',
      'ACCME Activity ID': String(line.productId),
      'Completion Date': usDate(line.submittedAt),
      'First Name': learner?.firstName.trim() ?? '',
      'Last Name': learner?.lastName.trim() ?? '',
      // Month and day only: what PARS asks of a learner.
      'Date of Birth': dob ? dob.slice(0, 5) : '',
      'Licensing State': licence?.licenseState ?? '',
      'Licensing ID or NPI': licence?.licenseNumber ?? '',
      'Number of CME Credits': String(line.creditsAwarded),
      'Certifying Board': '',
      'Certifying Board ID': licence?.boardId ?? '',
    };
    for (const column of REQUIRED) if (!row[column]) problem(column);
    const stateLicence = row['Licensing State'] !== '' && row['Licensing ID or NPI'] !== '';
    if (!stateLicence && !row['Certifying Board ID']) problem(LEARNER_ID);
    const { customerId, email } = line;
    result.problems.push(...found.map((p) => ({ customerId, email, activity, ...p })));
    if (found.length === 0) result.rows.push(row);
  }
  result.rows.sort(
    (a, b) =>
      a['Last Name'].localeCompare(b['Last Name']) ||
      a['First Name'].localeCompare(b['First Name']) ||
      a['Completion Date'].localeCompare(b['Completion Date']) ||
      a['ACCME Activity ID'].localeCompare(b['ACCME Activity ID']),
  );
  return result;
}

/** A cell holds no tab or line break (they would split the line). */
const cell = (text: string): string => text.replace(/[\t\r\n]+/g, ' ');

/**
 * The tab-delimited text: the template's header, then one line per row; CRLF, as the template's own
 * text files. Unquoted (no cell holds a tab or line break), and neutralised for spreadsheets like every
 * export (spreadsheetText): a name starting with `=` is written `'=...`, read as the text it is.
 */
export function parsText(exported: ParsExport): string {
  return spreadsheetText([PARS_COLUMNS, ...exported.rows.map((row) => PARS_COLUMNS.map((c) => cell(row[c])))], {
    delimiter: '\t',
    recordDelimiter: '\r\n',
    quoting: false,
  });
}

/** One line per problem, for stderr. */
export const parsProblemLines = (exported: ParsExport): string =>
  exported.problems
    .map(
      (p) =>
        `PARS ${exported.year}: customer ${p.customerId} (${p.email || 'no email'}), ${p.activity}: ${p.field} ${p.problem}\n`,
    )
    .join('');
