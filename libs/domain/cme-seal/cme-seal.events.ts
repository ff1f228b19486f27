import type { DomainEvent } from '../kernel/decider.js';

/**
 * The seals of the CME log, stream `cme-seals` (docs/audit.md, Seals): each seal records the heads of
 * the CME streams that changed since the seal before it (the revision of a stream's last event and that
 * event's hash, as libs/domain/cme/cme.chain.ts computes it), a Merkle root over the heads of every CME
 * stream, and the shop's signature (a JWS, libs/signing) of the root. A seal of the first form (no
 * `heads` count) listed every stream's head and its root was over those. A stream rewritten after a
 * seal, even with a consistent chain, no longer matches the sealed hash.
 */

/** One CME stream's head when sealed. */
export interface SealedStreamHead {
  stream: string;
  /** 0-based revision of the stream's last event. */
  revision: number;
  /** SHA-256 (hex) of that event's chain text. */
  hash: string;
}

/** `schedule`: the timer's seal of one period; `demand`: `npm run cme:seal`. */
export type SealTrigger = 'schedule' | 'demand';

export interface CmeLogSealedData {
  /** ISO 8601: when the heads were read and signed. */
  sealedAt: string;
  trigger: SealTrigger;
  /** The schedule's period (its start, ISO 8601) this seal is for; null on demand. */
  period: string | null;
  /**
   * The heads of the CME streams that changed since the seal before it (with `heads`), or of every CME
   * stream (the first form, without), sorted by stream id.
   */
  streams: SealedStreamHead[];
  /**
   * How many CME streams the root is over: every head the seals up to this one listed (each stream at
   * the head the latest of them listed). Absent in the first form, whose root is over `streams`.
   */
  heads?: number;
  /** Merkle root (hex) over every CME stream's head (./merkle.ts): `streams`' in the first form. */
  merkleRoot: string;
  /** Compact JWS (EdDSA) of cmeSealPayload, by the key `kid`. */
  jws: string;
  kid: string;
  /** SHA-256 of the seal before this one in `cme-seals` (its chain text); CME_SEAL_GENESIS_HASH for the first. */
  prevHash: string;
}

export type CmeLogSealed = DomainEvent<'CmeLogSealed', CmeLogSealedData>;
export type CmeSealEvent = CmeLogSealed;

export const CME_SEALS_STREAM = 'cme-seals';

/** The prevHash of the first seal. */
export const CME_SEAL_GENESIS_HASH = '0'.repeat(64);

/** The JWS header's `typ` of a seal. */
export const CME_SEAL_JWS_TYPE = 'cme-log-seal+jws';

/**
 * What a seal's JWS signs: the root, the time, how many streams it lists, the seal before it, and (a
 * seal listing only the streams that changed) how many heads the root is over.
 */
export type CmeSealPayload = {
  merkleRoot: string;
  sealedAt: string;
  streams: number;
  prevHash: string;
  heads?: number;
};

export const cmeSealPayload = (seal: {
  merkleRoot: string;
  sealedAt: string;
  streams: readonly unknown[];
  prevHash: string;
  heads?: number | undefined;
}): CmeSealPayload => ({
  merkleRoot: seal.merkleRoot,
  sealedAt: seal.sealedAt,
  streams: seal.streams.length,
  prevHash: seal.prevHash,
  ...(seal.heads === undefined ? {} : { heads: seal.heads }),
});
