import { type Cell, spreadsheetText } from '#libs/application/spreadsheet-text.js';
import type { AuditLine, AuditReport, ViewingEvidence } from './cme-audit-report.js';

const CSV_COLUMNS = [
  'customer_id',
  'email',
  'stream',
  'revision',
  'event_id',
  'event_type',
  'submitted_at',
  'recorded_at',
  'record_id',
  'test_type',
  'product_id',
  'product_name',
  'answers',
  'correct',
  'credits_earned',
  'credits_awarded',
  'credits_cut',
  'cap_applied',
  'safety_credits',
  'rule_version',
  'attempt',
  'counts',
  'viewing_evidence',
] as const;

/** A viewing as evidence: `video ID started AT, N unique s[, chapters k/n (titles)][, long view AT]`. */
export function evidenceText(v: ViewingEvidence): string {
  const chapters =
    v.chapters > 0 ? `, chapters ${v.chaptersCovered.length}/${v.chapters} (${v.chaptersCovered.join('; ')})` : '';
  return `video ${v.videoId} started ${v.startedAt}, ${v.uniqueSeconds} unique s${chapters}${v.longViewAt ? `, long view ${v.longViewAt}` : ''}`;
}

/** The CSV's header line. */
export const auditCsvHeader = (): string => spreadsheetText([CSV_COLUMNS]);

/** One credit event's CSV line; its viewing evidence (evidenceText) joined by ` | `. */
export function auditCsvLine(l: AuditLine): string {
  const row: Cell[] = [
    l.customerId,
    l.email,
    l.stream,
    l.revision,
    l.eventId,
    l.eventType,
    l.submittedAt,
    l.recordedAt,
    l.recordId,
    l.testType,
    l.productId,
    l.productName,
    l.answers.join(' '),
    l.correct,
    l.creditsEarned,
    l.creditsAwarded,
    l.creditsCut,
    l.capApplied ? 'yes' : 'no',
    l.safetyCredits,
    l.ruleVersion,
    l.attempt,
    l.counts ? 'yes' : 'no (replaced by a later update)',
    l.evidence.map(evidenceText).join(' | '),
  ];
  // Text cells neutralised for spreadsheets: a name or a title may start with `=`.
  return spreadsheetText([row]);
}

/** The whole CSV: the header, then one line per credit event (auditCsvLine), as a run writes it line by line. */
export const auditCsv = (report: AuditReport): string => auditCsvHeader() + report.lines.map(auditCsvLine).join('');

/**
 * The totals, the attempts, the stream heads and the findings, for the end of a CSV run (on stderr), one
 * line at a time (a year's summary is long: it is written as it goes, never joined whole);
 * `lineCount`: the lines written when they were not kept in the report.
 */
export function* auditSummaryLines(report: AuditReport, verified: boolean, lineCount = report.lines.length) {
  yield `CME audit ${report.year}: ${lineCount} credit event(s)\n`;
  for (const t of report.totals) {
    yield `  total ${t.email || t.customerId}: ${t.totalCredit} credits (${t.safetyTotal} safety)\n`;
  }
  for (const a of report.attempts) {
    const when = a.attempts === 1 ? a.firstAt : `${a.firstAt} to ${a.lastAt}`;
    yield `  attempts ${a.email || a.customerId} ${a.testType}/${a.productId} (${a.productName}): ${a.attempts}, ${when}; counts ${a.creditsAwarded}\n`;
  }
  for (const h of report.heads) yield `  head ${h.stream}: ${h.events} event(s), ${h.headHash}\n`;
  if (verified) {
    yield report.findings.length === 0
      ? 'Hash chains verified: no event altered or missing; every credit scored again agrees.\n'
      : 'VERIFY FINDINGS:\n';
    for (const f of report.findings) {
      yield `  ${f.stream} revision ${f.revision}${f.eventId ? ` (event ${f.eventId})` : ''}: ${f.problem}\n`;
    }
  }
}

/** The whole summary as one text (auditSummaryLines joined). */
export const auditSummary = (report: AuditReport, verified: boolean, lineCount = report.lines.length): string =>
  [...auditSummaryLines(report, verified, lineCount)].join('');
