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
import { compareStreams, MerkleFold, merkleLeafText, merkleRoot } from '#libs/domain/cme-seal/merkle.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
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
 * The seals' part of `cme:audit --verify` (docs/audit.md, Seals), fed the seals as the log streams past:
 * every seal of `cme-seals` is chained to the one before it, carries the Merkle root of the heads it
 * stands for (a seal listing the changed streams: every head the seals up to it listed, each stream at
 * its latest; a first-form seal: the heads it lists), and is signed (with `jwks`) over that root; and
 * every CME stream of the year still holds, at each revision a seal recorded, an event with the sealed
 * hash. A stream rewritten after a seal, even with a consistent chain, a sealed stream gone or shorter:
 * each is named once, at the earliest sealed revision that no longer matches. Kept per stream: its
 * latest sealed head (every year's: the roots) and the distinct heads sealed of the year's streams.
 */
export class SealAudit {
  private readonly findings: SealFinding[] = [];
  /** The year's streams: each distinct sealed (revision, hash), with the first seal that held it. */
  private readonly sealed = new Map<string, Map<string, SealedAt>>();
  /** Every stream's latest sealed head, as its Merkle leaf. */
  private readonly leaves = new Map<string, string>();
  private expected = CME_SEAL_GENESIS_HASH;
  private seals = 0;
  private readonly streamFindings = new Map<string, SealFinding | null>();

  constructor(private readonly options: SealAuditOptions) {}

  /** One event of the log (any: only the seals' are looked at), in log order. */
  async see(e: RecordedEvent): Promise<void> {
    if (e.streamId !== CME_SEALS_STREAM) return;
    const seal = e as SealEvent;
    const at = (problem: string) =>
      this.findings.push({ stream: CME_SEALS_STREAM, revision: seal.revision, eventId: seal.id, problem });
    const d = seal.data;
    if (seal.revision !== this.seals++) at(`seal(s) missing before revision ${seal.revision}`);
    if (d.prevHash !== this.expected)
      at('the seal does not chain to the seal before it (a seal was removed or altered)');
    this.expected = sha256Hex(cmeChainText(seal));
    for (const head of d.streams) this.leaves.set(head.stream, sha256Hex(merkleLeafText(head)));
    if (d.heads === undefined) {
      if (d.streams.length === 0 || merkleRoot(d.streams, sha256Hex) !== d.merkleRoot) {
        at('the Merkle root is not the root of the heads the seal lists (the seal was altered)');
      }
    } else if (this.leaves.size !== d.heads || this.rootOfAll() !== d.merkleRoot) {
      at('the Merkle root is not the root of every head the seals up to it list (this seal or one before was altered)');
    }
    if (this.options.jwks) {
      const problem = await signatureProblem(d, this.options.jwks);
      if (problem) at(problem);
    }
    for (const head of d.streams) {
      if (!head.stream.endsWith(`-${this.options.year}`)) continue;
      const heads = this.sealed.get(head.stream) ?? new Map<string, SealedAt>();
      const key = `${head.revision}:${head.hash}`;
      const first = heads.get(key);
      if (!first || d.sealedAt < first.sealedAt) heads.set(key, { ...head, sealedAt: d.sealedAt });
      this.sealed.set(head.stream, heads);
    }
  }

  private rootOfAll(): string {
    const fold = new MerkleFold(sha256Hex);
    for (const stream of [...this.leaves.keys()].sort(compareStreams)) fold.addLeaf(this.leaves.get(stream)!);
    return this.leaves.size === 0 ? '' : fold.root();
  }

  /** Whether any seal holds a head of `stream`: then its events are to be checked (checkStream). */
  holds(stream: string): boolean {
    return this.sealed.has(stream);
  }

  /** Checks one of the year's streams (its CME events, sorted by revision) against its sealed heads. */
  checkStream(stream: string, events: readonly RecordedEvent[]): void {
    const heads = this.sealed.get(stream);
    if (heads) this.streamFindings.set(stream, streamFinding(stream, [...heads.values()], events));
  }

  /** The findings: the seals' own, then each sealed stream's (one not checked: gone from the log), by stream id. */
  result(): SealFinding[] {
    const findings = [...this.findings];
    for (const stream of [...this.sealed.keys()].sort(compareStreams)) {
      const checked = this.streamFindings.get(stream);
      const finding =
        checked === undefined ? streamFinding(stream, [...this.sealed.get(stream)!.values()], []) : checked;
      if (finding) findings.push(finding);
    }
    return findings;
  }
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
