import { MerkleFold, merkleLeafText, merkleRoot } from './merkle.js';

// A transparent stand-in for SHA-256 (the domain has no crypto): the root shows the tree it was built from.
const H = (text: string): string => `H(${text})`;
const head = (stream: string, revision = 0, hash = 'x') => ({ stream, revision, hash });

describe('the Merkle root of a seal', () => {
  it('hashes each head as a leaf of its canonical JSON', () => {
    expect(merkleLeafText(head('cme-a-2026', 3, 'ab'))).toBe('leaf:{"hash":"ab","revision":3,"stream":"cme-a-2026"}');
    expect(merkleRoot([head('a')], H)).toBe(`H(${merkleLeafText(head('a'))})`);
  });

  it('pairs nodes left to right, sorted by stream, and carries an odd last node up unchanged', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((s) => H(merkleLeafText(head(s))));
    expect(merkleRoot([head('c'), head('a'), head('b')], H)).toBe(H(`node:${H(`node:${a}${b}`)}${c}`));
  });

  it('changes with any field of any head', () => {
    const heads = [head('a', 1, 'h1'), head('b', 2, 'h2'), head('c', 3, 'h3')];
    const root = merkleRoot(heads, H);
    expect(merkleRoot([heads[0]!, { ...heads[1]!, revision: 1 }, heads[2]!], H)).not.toBe(root);
    expect(merkleRoot([heads[0]!, heads[1]!, { ...heads[2]!, hash: 'h4' }], H)).not.toBe(root);
    expect(merkleRoot(heads.slice(0, 2), H)).not.toBe(root);
  });

  it('has no root without a leaf', () => {
    expect(() => merkleRoot([], H)).toThrow('at least one leaf');
  });
});

describe('the Merkle root folded from sorted leaves (MerkleFold)', () => {
  it('is the root merkleRoot builds, for every number of leaves from 1 to 70', () => {
    for (let n = 1; n <= 70; n++) {
      const heads = Array.from({ length: n }, (_, i) => head(`cme-${String(i).padStart(3, '0')}`, i % 4, `h${i}`));
      const fold = new MerkleFold(H);
      for (const h of heads) fold.addHead(h);
      expect([n, fold.count, fold.root()]).toEqual([n, n, merkleRoot(heads, H)]);
    }
  });

  it('has no root without a leaf', () => {
    expect(() => new MerkleFold(H).root()).toThrow('at least one leaf');
  });
});
