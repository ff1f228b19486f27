import { createHash } from 'node:crypto';
import { cmeChainText } from '#libs/domain/cme/cme.chain.js';
import { CME_EVENT_TYPES } from '#libs/domain/cme/cme.events.js';
import { CME_SEALS_STREAM, type SealedStreamHead } from '#libs/domain/cme-seal/cme-seal.events.js';
import { compareStreams } from '#libs/domain/cme-seal/merkle.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';

/** SHA-256 (hex) of a text: the hash of the CME chain and of the seals' Merkle tree. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const CME_TYPES = new Set<string>(CME_EVENT_TYPES);
const PAGE = 1000;

/** An event of a CME year stream `cme-{customerId}-{year}` (the seals' own stream is not one). */
export const isCmeStreamEvent = (e: Pick<RecordedEvent, 'type' | 'streamId'>): boolean =>
  CME_TYPES.has(e.type) && e.streamId.startsWith('cme-') && e.streamId !== CME_SEALS_STREAM;

/**
 * The head of every CME stream in the log now: the revision of its last CME event and that event's
 * hash as the chain computes it (libs/domain/cme/cme.chain.ts), sorted by stream id. Read from the whole
 * log, never from a read model or an earlier seal.
 */
export async function cmeLogHeads(store: EventStore): Promise<SealedStreamHead[]> {
  const last = new Map<string, RecordedEvent>();
  for (let after = 0n; ;) {
    const page = await store.readAll(after, PAGE);
    for (const e of page) {
      if (!isCmeStreamEvent(e)) continue;
      const seen = last.get(e.streamId);
      if (!seen || seen.revision < e.revision) last.set(e.streamId, e);
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.position;
  }
  return [...last.values()]
    .map((e) => ({ stream: e.streamId, revision: e.revision, hash: sha256Hex(cmeChainText(e)) }))
    .sort((a, b) => compareStreams(a.stream, b.stream));
}
