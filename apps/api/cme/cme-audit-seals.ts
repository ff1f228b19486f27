import type { JWK } from 'jose';
import { sha256Hex } from '#libs/cme-seal/cme-log-heads.js';
import { cmeChainText } from '#libs/domain/cme/cme.chain.js';
import {
  CME_SEAL_GENESIS_HASH,
  CME_SEAL_JWS_TYPE,
  CME_SEALS_STREAM,
  type CmeLogSealedData,
  cmeSealPayload,
} from '#libs/domain/cme-seal/cme-seal.events.js';
import { merkleRoot } from '#libs/domain/cme-seal/merkle.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { verifyJws } from '#libs/signing/verify.js';

/** What `--verify` needs beyond the chains: the year, and the published keys to check the seals' signatures. */
export interface SealAuditOptions {
  year: number;
  /**
   * The public keys (a JWKS) every seal's signature is checked with: the CLI passes the shop's published
   * set (libs/signing publishedJwks), an outside checker its own copy. Absent: signatures are not checked.
   */
  jwks?: { keys: JWK[] };
}

/** A finding, as the audit's (cme-audit-report.ts ChainFinding). */
export interface SealFinding {
  stream: string;
  revision: number;
  eventId: string | null;
  problem: string;
}

type SealEvent = RecordedEvent<'CmeLogSealed', CmeLogSealedData>;

/** One sealed head of a stream, with the seal that holds it. */
interface SealedAt {
  revision: number;
  hash: string;
  sealedAt: string;
}

/**
 * The seals' part of `cme:audit --verify` (docs/audit.md, Seals): every seal of `cme-seals` is chained to
 * the one before it, lists heads whose Merkle root it carries, and is signed (with `jwks`) over that root;
 * and every CME stream of the year still holds, at each revision a seal recorded, an event with the
 * sealed hash. A stream rewritten after a seal, even with a consistent chain, a sealed stream gone or
 * shorter: each is named once, at the earliest sealed revision that no longer matches.
 * `streams`: the year's CME streams as the audit read them (stream id to events).
 */
export async function auditSeals(
  store: EventStore,
  streams: ReadonlyMap<string, readonly RecordedEvent[]>,
  options: SealAuditOptions,
): Promise<SealFinding[]> {
  const seals = (await store.readStream(CME_SEALS_STREAM)) as SealEvent[];
  const findings: SealFinding[] = [];
  const sealed = new Map<string, SealedAt[]>();
  let expected = CME_SEAL_GENESIS_HASH;
  for (const [i, seal] of seals.entries()) {
    const at = (problem: string) =>
      findings.push({ stream: CME_SEALS_STREAM, revision: seal.revision, eventId: seal.id, problem });
    const d = seal.data;
    if (seal.revision !== i) at(`seal(s) missing before revision ${seal.revision}`);
    if (d.prevHash !== expected) at('the seal does not chain to the seal before it (a seal was removed or altered)');
    expected = sha256Hex(cmeChainText(seal));
    if (d.streams.length === 0 || merkleRoot(d.streams, sha256Hex) !== d.merkleRoot) {
      at('the Merkle root is not the root of the heads the seal lists (the seal was altered)');
    }
    if (options.jwks) {
      const problem = await signatureProblem(d, options.jwks);
      if (problem) at(problem);
    }
    for (const head of d.streams) {
      if (!head.stream.endsWith(`-${options.year}`)) continue;
      sealed.set(head.stream, [...(sealed.get(head.stream) ?? []), { ...head, sealedAt: d.sealedAt }]);
    }
  }
  for (const [stream, heads] of [...sealed.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const finding = streamFinding(stream, heads, streams.get(stream) ?? []);
    if (finding) findings.push(finding);
  }
  return findings;
}

/** Why a seal's signature does not stand, or null: it verifies with the keys, and signs this seal's fields. */
async function signatureProblem(seal: CmeLogSealedData, jwks: { keys: JWK[] }): Promise<string | null> {
  const check = await verifyJws(seal.jws, jwks);
  if (!check.valid) return `the seal's signature does not verify with the published keys: ${check.reason}`;
  if (check.typ !== CME_SEAL_JWS_TYPE || check.kid !== seal.kid) return "the seal's signature is not a seal's";
  const signed = check.payload;
  const wanted = cmeSealPayload(seal);
  const differs = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((k) => signed[k] !== wanted[k]);
  return differs.length === 0 ? null : `the seal's ${differs.join(', ')} differ from what its signature signed`;
}

/** The earliest sealed head of `stream` the log no longer matches, as a finding; null when all match. */
function streamFinding(stream: string, heads: SealedAt[], events: readonly RecordedEvent[]): SealFinding | null {
  const byRevision = new Map(events.map((e) => [e.revision, e]));
  const lastRevision = Math.max(-1, ...events.map((e) => e.revision));
  const ordered = [...heads].sort((a, b) => a.revision - b.revision || a.sealedAt.localeCompare(b.sealedAt));
  let lastGood: SealedAt | null = null;
  for (const head of ordered) {
    const event = byRevision.get(head.revision);
    const when = `sealed on ${head.sealedAt}`;
    if (events.length === 0) {
      return {
        stream,
        revision: head.revision,
        eventId: null,
        problem: `the stream is gone: it held revision ${head.revision} when ${when}`,
      };
    }
    if (!event) {
      return {
        stream,
        revision: head.revision,
        eventId: null,
        problem: `revision ${head.revision}, ${when}, is missing: the stream ends at revision ${lastRevision} (events deleted)`,
      };
    }
    if (sha256Hex(cmeChainText(event)) !== head.hash) {
      const since = lastGood
        ? `after revision ${lastGood.revision} (which still matches its seal)`
        : 'at or before that revision';
      return {
        stream,
        revision: head.revision,
        eventId: event.id,
        problem: `the event at revision ${head.revision} no longer hashes to the hash ${when}: the stream was rewritten ${since}`,
      };
    }
    lastGood = head;
  }
  return null;
}
