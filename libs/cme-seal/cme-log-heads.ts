import { createHash } from 'node:crypto';
import { CME_EVENT_TYPES } from '#libs/domain/cme/cme.events.js';
import { CME_SEALS_STREAM } from '#libs/domain/cme-seal/cme-seal.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';

/** SHA-256 (hex) of a text: the hash of the CME chain and of the seals' Merkle tree. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const CME_TYPES = new Set<string>(CME_EVENT_TYPES);

/** An event of a CME year stream `cme-{customerId}-{year}` (the seals' own stream is not one). */
export const isCmeStreamEvent = (e: Pick<RecordedEvent, 'type' | 'streamId'>): boolean =>
  CME_TYPES.has(e.type) && e.streamId.startsWith('cme-') && e.streamId !== CME_SEALS_STREAM;
