import { randomUUID } from 'node:crypto';
import type { ViewingResponse } from '#libs/contracts/streaming.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { cmeTotalsOfYear } from '#libs/read-models/cme-totals.js';
import { type ActivityFactsOf, catalogActivityFacts } from '../../apps/api/cme/cme-audit-credits.js';
import { auditCsv, auditSummary } from '../../apps/api/cme/cme-audit-format.js';
import { cmeParsExport, PARS_COLUMNS, parsProblemLines, parsText } from '../../apps/api/cme/cme-audit-pars.js';
import { cmeAudit } from '../../apps/api/cme/cme-audit-report.js';
import { sha256Hex } from '../../apps/api/cme/cme-hash.js';
import { cmeChainText } from '#libs/domain/cme/cme.chain.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { shopClient } from '../support/shop-client.js';

const YEAR = new Date().getUTCFullYear();
/** The test shop's DOB_ENCRYPTION_KEY (test/support/app.ts). */
const DOB_KEY = '0'.repeat(64);

/** The accreditor's audit (docs/audit.md): from the event log alone, equal to the read model, tamper-evident. */
describe('CME audit', () => {
  let shop: TestApp;
  let store: PostgresEventStore;
  let activities: ActivityFactsOf;
  const { call, loginAs } = shopClient(() => shop.baseUrl);

  beforeAll(async () => {
    // No seal at start: the edits below would then also break a seal (a finding of their own, tested
    // with the seals), and whether the seal ran before them would depend on timing.
    shop = await createTestApp({ seedDemo: true, env: { SEAL_EVERY_HOURS: '0' } });
    store = await PostgresEventStore.create(shop.shop.pool);
    activities = catalogActivityFacts(shop.shop.pool);
  });
  afterAll(async () => {
    await store?.close();
    await shop?.close();
  });

  it.each([YEAR, YEAR - 1, YEAR - 2])('its totals for %s equal the yearly CME totals read model', async (year) => {
    const report = await cmeAudit(store, { year });
    const model = await cmeTotalsOfYear(shop.shop.pool, year);
    expect(report.totals.length).toBeGreaterThan(0);
    expect(
      new Map(report.totals.map((t) => [t.customerId, { totalCredit: t.totalCredit, safetyTotal: t.safetyTotal }])),
    ).toEqual(model);
  });

  it('lists each credit with its answers, the cap applied and the viewing evidence of the product', async () => {
    const { token } = await loginAs('cme@demo.test');
    const started = await call<ViewingResponse>({ token }, 'POST', '/streaming/viewings', {
      PRODUCTID: 258,
      VIDEOID: 5031,
    });
    expect(started.status).toBe(200);

    const now = await cmeAudit(store, { year: YEAR, email: 'cme@demo.test' });
    const line = now.lines.find((l) => l.productId === 258)!;
    expect(line).toMatchObject({
      email: 'cme@demo.test',
      eventType: 'CmeTestSubmitted',
      creditsAwarded: 2,
      counts: true,
    });
    expect(line.answers).toHaveLength(4);
    expect(line).toMatchObject({ ruleVersion: 1, attempt: 1 });
    // Attempts per customer, test and year: each seeded test was taken once.
    expect(now.attempts).toHaveLength(now.lines.length);
    expect(now.attempts.find((a) => a.productId === 258)).toMatchObject({ attempts: 1, creditsAwarded: 2 });
    expect(line.evidence).toEqual([expect.objectContaining({ videoId: 5031, viewingId: started.body.VIEWINGID })]);

    const capped = await cmeAudit(store, { year: YEAR - 1, email: 'cme@demo.test' });
    expect(capped.totals).toEqual([expect.objectContaining({ totalCredit: 20 })]);
    expect(capped.lines.filter((l) => l.capApplied)).toEqual([
      expect.objectContaining({ productId: 303, creditsEarned: 2, creditsAwarded: 0.5, creditsCut: 1.5 }),
    ]);
    expect(auditCsv(capped).split('\n')[0]).toContain('credits_cut');
    expect(auditSummary(capped, false)).toContain('20 credits');
  });

  it('names a customer by the address a confirmed email change gave them, and by the old one after an undo', async () => {
    const before = await cmeAudit(store, { year: YEAR, email: 'cme@demo.test' });
    const customerId = before.totals[0]!.customerId;
    // Appended, then read once settled: readAll shows an event only when no transaction that started
    // before it (a projection reacting to the one before) is still running.
    const change = async (type: string, data: Record<string, unknown>) => {
      const { position } = await store.append(
        `customer-${customerId}`,
        [
          {
            type,
            data: { customerId, ...data },
            metadata: {
              correlationId: randomUUID(),
              causationId: randomUUID(),
              actorId: customerId,
              occurredAt: new Date().toISOString(),
              schemaVersion: 1,
            },
          },
        ],
        'any',
      );
      while ((await store.headPosition()) < position) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await change('EmailChangeConfirmed', {
      previousEmail: 'cme@demo.test',
      email: 'cme-new@demo.test',
      confirmedAt: new Date().toISOString(),
    });
    const moved = await cmeAudit(store, { year: YEAR, email: 'cme-new@demo.test' });
    expect(moved.totals).toEqual([expect.objectContaining({ customerId, email: 'cme-new@demo.test' })]);
    expect((await cmeAudit(store, { year: YEAR, email: 'cme@demo.test' })).totals).toEqual([]);

    await change('EmailChangeUndone', {
      email: 'cme@demo.test',
      cancelledEmail: 'cme-new@demo.test',
      restored: true,
      undoneAt: new Date().toISOString(),
    });
    expect((await cmeAudit(store, { year: YEAR, email: 'cme@demo.test' })).totals).toEqual(before.totals);
  });

  it('--verify passes an untouched log and names an event edited in the database', async () => {
    const clean = await cmeAudit(store, { year: YEAR - 1, verify: true, activities });
    expect(clean.findings).toEqual([]);
    expect(auditSummary(clean, true)).toContain('every credit scored again agrees');

    const { rows } = await shop.shop.pool.query<{ stream_id: string; event_id: string }>(
      `SELECT stream_id, event_id FROM es_events WHERE type = 'CmeTestSubmitted' AND stream_id LIKE $1
        ORDER BY stream_id, revision LIMIT 1 OFFSET 2`,
      [`cme-%-${YEAR - 1}`],
    );
    const edited = rows[0]!;
    await shop.shop.pool.query(
      `UPDATE es_events SET data = jsonb_set(data, '{creditsAwarded}', '1.5'::jsonb) WHERE event_id = $1`,
      [edited.event_id],
    );
    const tampered = await cmeAudit(store, { year: YEAR - 1, verify: true, activities });
    expect(tampered.findings.length).toBeGreaterThan(0);
    expect(tampered.findings.every((f) => f.stream === edited.stream_id)).toBe(true);
    // The broken link names the edited event itself, never the next one; the credit checks name it too.
    const altered = tampered.findings.filter((f) => f.problem.startsWith('altered'));
    expect(altered.map((f) => f.eventId)).toEqual([edited.event_id]);
    expect(tampered.findings.find((f) => f.problem.startsWith('credits disagree'))).toMatchObject({
      eventId: edited.event_id,
      problem: expect.stringContaining('creditsAwarded 1.5 (scored again: 2)'),
    });

    // A deleted event (a gap in the stream) is named too.
    await shop.shop.pool.query(`DELETE FROM es_events WHERE stream_id = $1 AND revision = 5`, [edited.stream_id]);
    const missing = await cmeAudit(store, { year: YEAR - 1, verify: true, activities });
    expect(missing.findings.map((f) => f.problem).join(' ')).toContain('missing before revision 6');
  });

  it("the PARS file of the demo year: the template's header and one line per completed activity", async () => {
    const pars = await cmeParsExport(store, { year: YEAR, key: DOB_KEY });
    expect(pars.problems).toEqual([]);
    const completed = (await cmeAudit(store, { year: YEAR })).lines.filter((l) => l.counts && l.creditsAwarded > 0);
    expect(completed.length).toBe(4);
    const [header, ...lines] = parsText(pars).split('\r\n').slice(0, -1);
    expect(header!.split('\t')).toEqual([
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
    ]);
    expect(lines).toHaveLength(completed.length);
    const cells = lines.map((line) => line.split('\t'));
    expect(cells.every((c) => c.length === PARS_COLUMNS.length)).toBe(true);
    expect(cells.map((c) => Number(c[1])).sort()).toEqual(completed.map((l) => l.productId).sort());
    expect(cells.map((c) => Number(c[8])).reduce((a, b) => a + b, 0)).toBe(6.5);
    const line258 = cells.find((c) => c[1] === '258')!;
    const submitted = completed.find((l) => l.productId === 258)!.submittedAt;
    expect(line258).toEqual([
      'Add',
      '258',
      `${submitted.slice(5, 7)}/${submitted.slice(8, 10)}/${YEAR}`,
      'Morgan',
      'Credits',
      '04/12',
      'MO',
      '2004018352',
      '2',
      '',
      'ABS-118822',
    ]);
  });

  it('the PARS export refuses a line missing a required field, naming the physician and the field', async () => {
    // cmeprint@demo.test took tests last year but gave no date of birth and no licence.
    const pars = await cmeParsExport(store, { year: YEAR - 1, key: DOB_KEY });
    const cmeprint = pars.problems.filter((p) => p.email === 'cmeprint@demo.test');
    expect(cmeprint.map((p) => [p.activity, p.field, p.problem])).toEqual([
      ['streaming/306', 'Date of Birth', 'missing'],
      ['streaming/306', 'Licensing State and Licensing ID or NPI, or Certifying Board ID', 'missing'],
      ['streaming/315', 'Date of Birth', 'missing'],
      ['streaming/315', 'Licensing State and Licensing ID or NPI, or Certifying Board ID', 'missing'],
    ]);
    expect(pars.problems.every((p) => p.email === 'cmeprint@demo.test')).toBe(true);
    expect(parsProblemLines(pars)).toContain(
      `customer ${cmeprint[0]!.customerId} (cmeprint@demo.test), streaming/306: Date of Birth missing`,
    );
    // Under another key the date of birth cannot be read: said so, not written as empty.
    const otherKey = await cmeParsExport(store, { year: YEAR, key: 'f'.repeat(64) });
    expect(otherKey.rows).toEqual([]);
    expect(new Set(otherKey.problems.map((p) => `${p.field} ${p.problem}`))).toEqual(
      new Set([
        'Date of Birth cannot be decrypted with the configured key',
        'Licensing State and Licensing ID or NPI, or Certifying Board ID cannot be decrypted with the configured key',
      ]),
    );
  });

  it('--verify names a credit edited in place by its own event id, even with the chain recomputed around it', async () => {
    const stream = (
      await shop.shop.pool.query<{ stream_id: string }>(
        `SELECT DISTINCT stream_id FROM es_events WHERE type = 'CmeTestSubmitted' AND stream_id LIKE $1`,
        [`cme-%-${YEAR - 2}`],
      )
    ).rows[0]!.stream_id;
    const events = (
      await shop.shop.pool.query<{ event_id: string; revision: number; type: string; data: Record<string, unknown> }>(
        'SELECT event_id, revision::int AS revision, type, data FROM es_events WHERE stream_id = $1 ORDER BY revision',
        [stream],
      )
    ).rows;
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect((await cmeAudit(store, { year: YEAR - 2, verify: true, activities })).findings).toEqual([]);

    // The middle test is given one more right answer and half a credit more, its answers untouched; the
    // year totals after it follow and every later prevHash is computed again: the chain holds.
    const middle = events[1]!;
    const d = middle.data as { correct: number; creditsEarned: number; creditsAwarded: number };
    const delta = d.correct < 4 ? 1 : -1;
    Object.assign(middle.data, {
      correct: d.correct + delta,
      creditsEarned: d.creditsEarned + delta / 2,
      creditsAwarded: d.creditsAwarded + delta / 2,
    });
    for (const e of events.slice(1)) {
      if (e !== middle) e.data.prevHash = sha256Hex(cmeChainText(events[e.revision - 1]!));
      e.data.yearTotal = Number(e.data.yearTotal) + delta / 2;
      await shop.shop.pool.query('UPDATE es_events SET data = $2 WHERE event_id = $1', [e.event_id, e.data]);
    }
    const report = await cmeAudit(store, { year: YEAR - 2, verify: true, activities });
    expect(report.findings).toEqual([
      {
        stream,
        revision: middle.revision,
        eventId: middle.event_id,
        problem: expect.stringMatching(/^credits disagree with rule 1 scored again from its answers: correct \d/),
      },
    ]);
    expect(report.findings[0]!.problem).toContain('creditsAwarded');
    expect(auditSummary(report, true)).toContain(`(event ${middle.event_id}): credits disagree`);
  });
});
