import { numberCell, spreadsheetText } from '#libs/application/spreadsheet-text.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { LEDGER_EVENT_TYPES, type LedgerRow, ledgerRowsOf } from '#libs/read-models/finance-ledger.js';

/**
 * The finance export: every paid order line of OrderPaid events and every refund of OrderRefunded
 * events (its own line, negative) whose time falls in [from, to] (whole UTC days), read from the event
 * log alone (EventStore.readAll), never from the read models. The lines of a period add up to what was
 * paid less what was refunded in it.
 */

export const FINANCE_CSV_HEADER = [
  'event_id',
  'occurred_at',
  'onum',
  'line',
  'product_id',
  'product_name',
  'type',
  'qty',
  'unit_price',
  'discount',
  'tax',
  'shipping',
  'total',
  'reference',
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PAGE = 1000;

/** The instants [start, end) of the days from..to inclusive; throws on a bad day. */
export function dayRange(from: string, to: string): { start: string; end: string } {
  for (const day of [from, to]) {
    if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
      throw new Error(`Not a day (YYYY-MM-DD): ${day}`);
    }
  }
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(`${to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  if (end <= start) throw new Error('--to must not be before --from');
  return { start: start.toISOString(), end: end.toISOString() };
}

/** Every ledger row of OrderPaid and OrderRefunded events in [start, end), in log order. */
export async function paidLinesFromLog(store: EventStore, start: string, end: string): Promise<LedgerRow[]> {
  const rows: LedgerRow[] = [];
  const from = Date.parse(start);
  const to = Date.parse(end);
  let after = 0n;
  for (;;) {
    const page = await store.readAll(after, PAGE);
    for (const event of page) {
      if (!(LEDGER_EVENT_TYPES as readonly string[]).includes(event.type)) continue;
      const at = Date.parse(event.metadata.occurredAt);
      if (at >= from && at < to) rows.push(...ledgerRowsOf(event));
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.position;
  }
  return rows;
}

/** Cents as dollars with two decimals, exactly (no floating point). */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The CSV, header first; text cells are neutralised for spreadsheets (spreadsheetText), amounts kept as numbers. */
export function financeCsv(rows: readonly LedgerRow[]): string {
  return spreadsheetText([
    FINANCE_CSV_HEADER,
    ...rows.map((r) => [
      r.eventId,
      new Date(r.occurredAt).toISOString(),
      r.onum,
      r.lineNo,
      r.productId ?? '',
      r.productName,
      r.type,
      r.qty,
      numberCell(dollars(r.unitPrice)),
      numberCell(dollars(r.discount)),
      numberCell(dollars(r.tax)),
      numberCell(dollars(r.shipping)),
      numberCell(dollars(r.total)),
      r.reference,
    ]),
  ]);
}
