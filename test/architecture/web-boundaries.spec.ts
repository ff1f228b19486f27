import { execFile } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The web app's feature boundaries (web/eslint.boundaries.js, run by `npm run lint`) bite: ESLint, run with
 * the project's configuration, lints each fixture of web/lint-fixtures as if it sat at a path in web/src
 * and reports the boundary it crosses (or nothing for the allowed imports).
 */

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'web', 'lint-fixtures');

interface LintResult {
  messages: { ruleId: string | null; message: string }[];
}

async function lintAs(fixture: string, path: string): Promise<string[]> {
  const bin = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
  const text = await readFile(join(FIXTURES, fixture), 'utf8');
  const run = promisify(execFile)(process.execPath, [bin, '--format', 'json', '--stdin', '--stdin-filename', path], {
    cwd: ROOT,
    timeout: 50_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  run.child.stdin?.end(text);
  // A lint error makes the command exit non-zero; its report is on stdout either way.
  const { stdout } = await run.catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`eslint failed: ${error.stderr ?? String(error)}`);
    return { stdout: error.stdout };
  });
  const [result] = JSON.parse(stdout) as LintResult[];
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const crossFeature = expect.stringMatching(/^no-restricted-imports: .*Features never import each other/);

describe('web feature boundaries', () => {
  it("rejects a feature importing another feature's internals through the @/ alias", async () => {
    const messages = await lintAs('cross-feature-alias.tsx', 'web/src/features/catalog/routes/fixture.tsx');
    expect(messages).toEqual([crossFeature]);
  });

  it('rejects the same reach through a relative path', async () => {
    const messages = await lintAs('cross-feature-relative.tsx', 'web/src/features/checkout/routes/fixture.tsx');
    expect(messages).toEqual([crossFeature]);
  });

  it('rejects a feature importing the app layer', async () => {
    const messages = await lintAs('feature-to-app.tsx', 'web/src/features/home/routes/fixture.tsx');
    expect(messages).toEqual([expect.stringMatching(/A feature does not import the app layer/)]);
  });

  it('rejects shared code importing a feature', async () => {
    const messages = await lintAs('shared-to-feature.tsx', 'web/src/lib/fixture.ts');
    expect(messages).toEqual([expect.stringMatching(/Shared code .* never imports a feature/)]);
  });

  it('accepts a feature using its own files, shared code and the typed hooks', async () => {
    expect(await lintAs('allowed.tsx', 'web/src/features/cart/routes/fixture.tsx')).toEqual([]);
  });

  it('the fixtures stay out of the normal lint run', async () => {
    const messages = await lintAs('cross-feature-alias.tsx', 'web/lint-fixtures/cross-feature-alias.tsx');
    expect(messages).toEqual([expect.stringMatching(/ignored/i)]);
  });

  it('the boundary configuration names only files the repository holds', async () => {
    const config = await readFile(join(ROOT, 'web', 'eslint.boundaries.js'), 'utf8');
    const named = [...config.matchAll(/\b(?:test|web)\/[\w./-]+\.(?:ts|tsx|js)\b/g)].map((match) => match[0]);
    expect(named).toContain('test/architecture/web-boundaries.spec.ts');
    for (const path of named) await expect(access(join(ROOT, path))).resolves.toBeUndefined();
  });
});
