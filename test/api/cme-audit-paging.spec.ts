import { auditCsv } from '../../apps/api/cme/cme-audit-format.js';
import { cmeParsExport, parsText } from '../../apps/api/cme/cme-audit-pars.js';
import { cmeAudit } from '../../apps/api/cme/cme-audit-report.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { activityFactsOf, appendCmeLog, type CmeLogSize, questionActivities } from '../bench/cme-log-size.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const DOB_KEY = '0'.repeat(64);
const YEAR = 2025;

const ACTIVITIES = questionActivities();

/**
 * The audit reads the log page by page (docs/audit.md, Memory): with pages of 1, 2 or 3 events every
 * event sits at a page boundary, and the report, the CSV, the findings and the PARS file must be those
 * of the default page, on a generated log of physicians who watched, took tests and retook them.
 */
describe('the CME audit read page by page', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let size: CmeLogSize;
  const activities = activityFactsOf(ACTIVITIES);

  beforeAll(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.create(db.pool);
    size = await appendCmeLog(store, {
      events: 300,
      year: YEAR,
      activities: ACTIVITIES,
      dobKey: DOB_KEY,
      heartbeats: 4,
    });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('lists every credit event with its evidence, whatever the page size', async () => {
    const whole = await cmeAudit(store, { year: YEAR, verify: true, activities });
    expect(whole.findings).toEqual([]);
    expect(whole.lines).toHaveLength(size.cmeEvents);
    expect(whole.heads).toHaveLength(size.physicians);
    // Each physician watched the first two activities' products: those lines carry one viewing each.
    expect(whole.lines.filter((l) => l.evidence.length === 1).length).toBe(4 * size.physicians);
    expect(whole.lines.every((l) => l.evidence.every((v) => v.chapters === 6 && v.uniqueSeconds === 120))).toBe(true);
    for (const pageSize of [1, 2, 3]) {
      const paged = await cmeAudit(store, { year: YEAR, verify: true, activities, pageSize });
      expect(paged).toEqual(whole);
      expect(auditCsv(paged)).toBe(auditCsv(whole));
    }
  });

  it('hands the lines over one by one (onLine) in the order the report lists them', async () => {
    const whole = await cmeAudit(store, { year: YEAR });
    const handed: unknown[] = [];
    const streamed = await cmeAudit(store, { year: YEAR, pageSize: 2, onLine: (line) => void handed.push(line) });
    expect(streamed.lines).toEqual([]);
    expect(handed).toEqual(whole.lines);
    expect({ ...streamed, lines: whole.lines }).toEqual(whole);
  });

  it('writes the same PARS file, whatever the page size', async () => {
    const whole = await cmeParsExport(store, { year: YEAR, key: DOB_KEY });
    expect(whole.problems).toEqual([]);
    expect(whole.rows.length).toBeGreaterThanOrEqual(4 * size.physicians);
    const paged = await cmeParsExport(store, { year: YEAR, key: DOB_KEY, pageSize: 3 });
    expect(parsText(paged)).toBe(parsText(whole));
  });

  it('finds an edited credit and a deleted event at a page boundary as the whole read does', async () => {
    const { rows } = await db.pool.query<{ event_id: string; stream_id: string }>(
      `SELECT event_id, stream_id FROM es_events WHERE type = 'CmeTestSubmitted' ORDER BY position DESC LIMIT 1`,
    );
    const edited = rows[0]!;
    await db.pool.query(
      `UPDATE es_events SET data = jsonb_set(data, '{creditsAwarded}', '0.5'::jsonb) WHERE event_id = $1`,
      [edited.event_id],
    );
    await db.pool.query(
      `DELETE FROM es_events WHERE stream_id = (
        SELECT stream_id FROM es_events WHERE stream_id LIKE 'cme-%' AND stream_id <> $1 LIMIT 1) AND revision = 1`,
      [edited.stream_id],
    );
    const whole = await cmeAudit(store, { year: YEAR, verify: true, activities });
    expect(whole.findings.some((f) => f.eventId === edited.event_id && f.problem.startsWith('credits disagree'))).toBe(
      true,
    );
    expect(whole.findings.some((f) => f.problem === 'event(s) missing before revision 2')).toBe(true);
    for (const pageSize of [2, 3]) {
      expect((await cmeAudit(store, { year: YEAR, verify: true, activities, pageSize })).findings).toEqual(
        whole.findings,
      );
    }
  });
});
