import { CME_EVENT_TYPES } from '#libs/domain/cme/cme.events.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';

/**
 * How the audit reads the log (docs/audit.md, "Memory"): page by page in log order, each page handed to
 * `visit` and dropped, so what stays in memory is what the visitor keeps per stream, never the log.
 */

/** Events per page read: the default of every pass of the audit. */
export const AUDIT_PAGE = 1000;

/**
 * Hands every event of the log to `visit`, in log order, one page of `pageSize` at a time; `visit` may
 * wait (a signature check). Answers the position of the last event read (0n: an empty log).
 */
export async function forEachEvent(
  store: EventStore,
  visit: (e: RecordedEvent) => void | Promise<void>,
  pageSize = AUDIT_PAGE,
): Promise<bigint> {
  for (let after = 0n; ;) {
    const page = await store.readAll(after, pageSize);
    for (const e of page) await visit(e);
    if (page.length > 0) after = page[page.length - 1]!.position;
    if (page.length < pageSize) return after;
  }
}

const CME_TYPES: ReadonlySet<string> = new Set(CME_EVENT_TYPES);

/** An event of the CME year stream of `year` (`cme-{customerId}-{year}`), as the audit lists them. */
export const isCmeEventOf = (year: number) => {
  const suffix = `-${year}`;
  return (e: Pick<RecordedEvent, 'type' | 'streamId'>): boolean =>
    CME_TYPES.has(e.type) && e.streamId.startsWith('cme-') && e.streamId.endsWith(suffix);
};

/**
 * One CME stream's events by a keyed read of the stream (not a scan of the log): those the log pass
 * would have kept (the CME types), up to the position that pass ended at, in revision order.
 */
export async function cmeStreamEvents(
  store: EventStore,
  stream: string,
  year: number,
  until: bigint,
): Promise<RecordedEvent[]> {
  const isCme = isCmeEventOf(year);
  const events = (await store.readStream(stream)).filter((e) => isCme(e) && e.position <= until);
  return events.sort((a, b) => a.revision - b.revision);
}
