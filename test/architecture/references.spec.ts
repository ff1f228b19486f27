import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * scripts/check-references.mjs finds every reference to a file the repository does not hold: it runs
 * over the small repository of fixtures-references/ and reports exactly its bad references, no good
 * one. The names of files that live outside a clone are put together here, so that this file itself
 * names none of them.
 */

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(__dirname, 'fixtures-references');
const md = (name: string): string => `${name}.md`;
const up = (levels: number, path: string): string => `${'../'.repeat(levels)}${path}`;

interface Problem {
  file: string;
  line: number;
  reference: string;
  reason: string;
}

async function check(root: string): Promise<{ code: number; problems: Problem[] }> {
  const script = join(ROOT, 'scripts', 'check-references.mjs');
  const run = promisify(execFile)(process.execPath, [script, '--json', '--root', root], { timeout: 30_000 });
  // Broken references make the script exit 1; its report is on stdout either way.
  const { stdout, code } = await run.then(
    (r) => ({ stdout: r.stdout, code: 0 }),
    (error: { stdout?: string; code?: number; stderr?: string }) => {
      if (!error.stdout) throw new Error(`check-references failed: ${error.stderr ?? String(error)}`);
      return { stdout: error.stdout, code: error.code ?? -1 };
    },
  );
  return { code, problems: JSON.parse(stdout) as Problem[] };
}

const MISSING = 'no such file in the repository';
const OUTSIDE = 'points outside the repository';
const NO_NAME = 'no file of this name in the repository';

describe('references to files (scripts/check-references.mjs)', () => {
  it('reports exactly the bad references of the fixtures, and fails', async () => {
    const { code, problems } = await check(FIXTURES);
    expect(problems).toEqual([
      // a Markdown link to a missing file, and to a heading its target lacks
      { file: 'README.md', line: 4, reference: 'notes/plan.md', reason: MISSING },
      {
        file: 'README.md',
        line: 5,
        reference: 'notes/guide.md#no-such-heading',
        reason: 'no heading #no-such-heading in notes/guide.md',
      },
      // a repository path in prose; an anchor of the file itself; a link out of the repository; a bare name
      { file: 'notes/guide.md', line: 6, reference: 'src/tools/run.mjs', reason: MISSING },
      { file: 'notes/guide.md', line: 7, reference: '#nowhere', reason: 'no heading #nowhere in notes/guide.md' },
      { file: 'notes/guide.md', line: 8, reference: up(2, 'elsewhere/brief.md'), reason: OUTSIDE },
      { file: 'notes/guide.md', line: 9, reference: md('PLAN'), reason: NO_NAME },
      // in source code: paths in comments, and a Markdown name even in a string
      { file: 'src/shop/cart.ts', line: 5, reference: 'src/shop/missing.ts', reason: MISSING },
      { file: 'src/shop/cart.ts', line: 6, reference: up(3, 'outside/thing.md'), reason: OUTSIDE },
      { file: 'src/shop/cart.ts', line: 7, reference: md('PLAN'), reason: NO_NAME },
    ]);
    expect(code).toBe(1);
  });

  it('names the folder and the files beside a clone, wherever they are mentioned', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'check-references-'));
    try {
      cpSync(FIXTURES, copy, { recursive: true });
      const shared = up(1, 'shared');
      writeFileSync(
        join(copy, 'notes/beside.md'),
        [
          `What each demo account holds: \`${shared}/${md('DEMO-DATA')}\`.`,
          `As ${md('DESIGN')} section 3 says; see ${md('STYLE')}.`,
          `The [folder](${shared}) itself.`,
        ].join('\n'),
      );
      // A copied folder is no git work tree: the script walks it instead.
      const { problems } = await check(copy);
      expect(problems.filter((p) => p.file === 'notes/beside.md')).toEqual([
        { file: 'notes/beside.md', line: 1, reference: `${shared}/${md('DEMO-DATA')}`, reason: OUTSIDE },
        { file: 'notes/beside.md', line: 2, reference: md('DESIGN'), reason: NO_NAME },
        { file: 'notes/beside.md', line: 2, reference: md('STYLE'), reason: NO_NAME },
        { file: 'notes/beside.md', line: 3, reference: shared, reason: MISSING },
      ]);
      expect(problems).toHaveLength(9 + 4);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
