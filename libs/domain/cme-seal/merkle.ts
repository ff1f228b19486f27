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

/**
 * The same root as `merkleRoot`, from leaves given one at a time in sorted order (an ordered scan of a
 * table of heads): flat memory, one node per level of the tree. A full pair at a level goes up at once;
 * at the end the nodes left, one per level, are joined from the right, which is where the tree carries
 * an odd last node up unchanged.
 */
export class MerkleFold {
  /** One node per level, lowest level last: its level and hash. */
  private readonly pending: { level: number; hash: string }[] = [];
  private leaves = 0;

  constructor(private readonly hash: CmeHasher) {}

  /** The next head in sorted order (compareStreams). */
  addHead(head: SealedStreamHead): void {
    this.addLeaf(this.hash(merkleLeafText(head)));
  }

  /** The next leaf's hash (`hash(merkleLeafText(head))`), in sorted order. */
  addLeaf(leaf: string): void {
    this.leaves += 1;
    let node = { level: 0, hash: leaf };
    while (this.pending.at(-1)?.level === node.level) {
      const left = this.pending.pop()!;
      node = { level: node.level + 1, hash: this.hash(`node:${left.hash}${node.hash}`) };
    }
    this.pending.push(node);
  }

  get count(): number {
    return this.leaves;
  }

  /** The root of the leaves added so far. */
  root(): string {
    if (this.pending.length === 0) throw new Error('A Merkle root needs at least one leaf');
    let right = this.pending.at(-1)!.hash;
    for (let i = this.pending.length - 2; i >= 0; i--) right = this.hash(`node:${this.pending[i]!.hash}${right}`);
    return right;
  }
}
