import { canonicalJson, type CmeHasher } from '../cme/cme.chain.js';
import type { SealedStreamHead } from './cme-seal.events.js';

/**
 * The Merkle root of a seal (docs/audit.md, Seals), so anyone can recompute it:
 * - leaves: the heads sorted by stream id (code-unit order), each `hash("leaf:" + canonical JSON of
 *   {hash, revision, stream})`;
 * - a level's nodes are paired left to right, each pair `hash("node:" + left + right)` (hex strings);
 *   an odd last node goes up unchanged;
 * - the root is the single node left. The prefixes keep a leaf from passing for a node.
 * Pure: the SHA-256 (hex) is injected.
 */
export const merkleLeafText = (head: SealedStreamHead): string =>
  `leaf:${canonicalJson({ hash: head.hash, revision: head.revision, stream: head.stream })}`;

export function merkleRoot(heads: readonly SealedStreamHead[], hash: CmeHasher): string {
  if (heads.length === 0) throw new Error('A Merkle root needs at least one leaf');
  let level = [...heads].sort((a, b) => compareStreams(a.stream, b.stream)).map((h) => hash(merkleLeafText(h)));
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right === undefined ? level[i]! : hash(`node:${level[i]!}${right}`));
    }
    level = next;
  }
  return level[0]!;
}

/** The order of a seal's streams: plain code-unit order, the same in every language. */
export const compareStreams = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
