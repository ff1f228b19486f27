import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A lost database connection is never an uncaught error (docs/operations.md, Database outages):
 * node-postgres emits 'error' on a connection the server dropped, and an emitter without a listener
 * ends the process. So pools are made, and connections checked out of them, only by
 * libs/database/pools.ts, which listens to both; a client of its own (LISTEN, a pipelined connection)
 * gets its listener in the file that makes it.
 */
const ROOT = join(__dirname, '..', '..');
const HELPER = 'libs/database/pools.ts';

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !/\.(spec|testing)\.ts$/.test(file));
}

/** A pool made by hand, or a connection checked out of a pool by hand (`pool.connect()`, `locks.connect()`). */
const BY_HAND = [/new (?:pg\.)?Pool\(/g, /\b(?:pool|locks|this\.pool|this\.locks)\.connect\(/g];

const lines = (text: string, pattern: RegExp, file: string): string[] =>
  [...text.matchAll(pattern)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`);

describe('database connections', () => {
  const files = [...sources('apps'), ...sources('libs')].filter((file) => file !== HELPER);

  it('pools and checked-out connections come from libs/database/pools.ts only', () => {
    const found = files.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return BY_HAND.flatMap((pattern) => lines(text, pattern, file));
    });
    expect(found).toEqual([]);
  });

  it("a client of its own has an 'error' listener in the file that makes it", () => {
    const missing = files.filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return /new pg\.Client\(/.test(text) && !/\.on\('error'/.test(text);
    });
    expect(missing).toEqual([]);
  });

  it('the check finds a pool and a checkout made by hand', () => {
    const sample = 'const pool = new pg.Pool({ max: 2 });\nconst client = await this.locks.connect();';
    expect(BY_HAND.flatMap((pattern) => lines(sample, pattern, 'sample.ts'))).toEqual([
      'sample.ts:1: new pg.Pool(',
      'sample.ts:2: this.locks.connect(',
    ]);
  });
});
