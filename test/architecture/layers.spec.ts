import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The server's layer rules (.dependency-cruiser.cjs, run by `npm run lint`) bite: dependency-cruiser,
 * run with the project's configuration over a small tree under fixtures/ that mirrors the repository's
 * layout, rejects each forbidden import and accepts the allowed ones next to them.
 */

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(__dirname, 'fixtures');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

async function cruiseFixtures(): Promise<Violation[]> {
  const bin = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const args = [bin, 'libs', 'apps', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'];
  // A violation makes the command exit non-zero; its report is on stdout either way.
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: FIXTURES,
    timeout: 50_000,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`dependency-cruiser failed: ${error.stderr ?? String(error)}`);
    return { stdout: error.stdout };
  });
  const result = JSON.parse(stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations;
}

describe('server layer rules', () => {
  let violations: Violation[];
  beforeAll(async () => {
    violations = await cruiseFixtures();
  });

  const rulesBrokenBy = (from: string) =>
    violations
      .filter((v) => v.from === from)
      .map((v) => `${v.rule.severity} ${v.rule.name}`)
      .sort();

  it.each([
    ['libs/domain/cart/uses-framework.ts', '@nestjs/common'],
    ['libs/domain/cart/uses-database.ts', 'pg'],
    ['libs/domain/cart/uses-file-system.ts', 'node:fs/promises'],
    ['libs/domain/cart/uses-crypto.ts', 'node:crypto'],
  ])('libs/domain imports no framework or I/O: %s (%s) is rejected', (from) => {
    expect(rulesBrokenBy(from)).toEqual(['error domain-is-pure']);
  });

  it('libs never import apps', () => {
    expect(rulesBrokenBy('libs/catalog/uses-app.ts')).toEqual(['error libs-never-import-apps']);
  });

  it("a module of apps/api does not reach into another module's files", () => {
    expect(rulesBrokenBy('apps/api/checkout/reaches-into-cart.ts')).toEqual(['error api-module-public-surface']);
  });

  it('the shared kernel of apps/api imports no module', () => {
    expect(rulesBrokenBy('apps/api/kernel/uses-cart.ts')).toEqual(['error shared-kernel-imports-no-module']);
  });

  it('one app does not import another', () => {
    expect(rulesBrokenBy('apps/projector/uses-api.ts')).toEqual(['error apps-are-separate']);
  });

  it('no import cycles (a cycle is reported once)', () => {
    const cycles = violations.filter((v) => v.rule.name === 'no-circular').map((v) => [v.from, v.to].sort());
    expect(cycles).toEqual([['libs/catalog/cycle-a.ts', 'libs/catalog/cycle-b.ts']]);
  });

  it("a module may use another module's index.ts and the shared kernel; a decider its own folder", () => {
    expect(rulesBrokenBy('apps/api/checkout/uses-cart-index.ts')).toEqual([]);
    expect(rulesBrokenBy('libs/domain/cart/pure.ts')).toEqual([]);
  });

  it('rejects nothing but the fixtures above', () => {
    expect(violations).toHaveLength(9);
  });
});
