import { randomUUID } from 'node:crypto';
import type { ViewingResponse } from '#libs/contracts/streaming.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { cmeTotalsOfYear } from '#libs/read-models/cme-totals.js';
import { auditCsv, auditSummary } from '../../apps/api/cme/cme-audit-format.js';
import { cmeAudit } from '../../apps/api/cme/cme-audit-report.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { shopClient } from '../support/shop-client.js';

const YEAR = new Date().getUTCFullYear();

/** The accreditor's audit (docs/audit.md): from the event log alone, equal to the read model, tamper-evident. */
describe('CME audit', () => {
  let shop: TestApp;
  let store: PostgresEventStore;
  const { call, loginAs } = shopClient(() => shop.baseUrl);

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
    store = await PostgresEventStore.create(shop.shop.pool);
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
    const change = (type: string, data: Record<string, unknown>) =>
      store.append(
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
    const clean = await cmeAudit(store, { year: YEAR - 1, verify: true });
    expect(clean.findings).toEqual([]);

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
    const tampered = await cmeAudit(store, { year: YEAR - 1, verify: true });
    expect(tampered.findings.length).toBeGreaterThan(0);
    expect(tampered.findings.every((f) => f.stream === edited.stream_id)).toBe(true);
    expect(tampered.findings.map((f) => f.problem).join(' ')).toMatch(/credits do not add up|altered/);
    expect(tampered.findings.some((f) => f.eventId === edited.event_id || f.problem.includes('revision 2'))).toBe(true);

    // A deleted event (a gap in the stream) is named too.
    await shop.shop.pool.query(`DELETE FROM es_events WHERE stream_id = $1 AND revision = 5`, [edited.stream_id]);
    const missing = await cmeAudit(store, { year: YEAR - 1, verify: true });
    expect(missing.findings.map((f) => f.problem).join(' ')).toContain('missing before revision 6');
  });
});
