import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * One way to start work that no request started: operator commands, jobs, timers and the seed take
 * their context from libs/application/command-context.ts (`operatorContext`, `systemContext`,
 * `contextOfEvent`), never from an object written by hand, so each has an actor and a correlation id of
 * its own and none shares a fixed one.
 */
const ROOT = join(__dirname, '..', '..');
/** The helper, and the request's own context (apps/api/kernel/request-context.ts reads it from the request). */
const HELPERS = ['libs/application/command-context.ts', 'apps/api/kernel/request-context.ts'];

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !/\.(spec|testing)\.ts$/.test(file));
}

/** An object literal that names an actor (`{ actorId: 'system', ...`), or a correlation id made on the spot. */
const HAND_BUILT = [/\{\s*actorId:\s*(?!string\b)[^\s]/g, /correlationId:\s*(randomUUID\(\)|'[^']*')/g];

describe('command contexts', () => {
  it('are built by the one helper: no hand-built context in apps/ or libs/', () => {
    const found = [...sources('apps'), ...sources('libs')]
      .filter((file) => !HELPERS.includes(file))
      .flatMap((file) => {
        const text = readFileSync(join(ROOT, file), 'utf8');
        return HAND_BUILT.flatMap((pattern) =>
          [...text.matchAll(pattern)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`),
        );
      });
    expect(found).toEqual([]);
  });

  it('the check finds a hand-built context', () => {
    const sample = "context.run({ actorId: SYSTEM, correlationId: 'seed-x' }, work);";
    expect(HAND_BUILT.some((pattern) => [...sample.matchAll(pattern)].length > 0)).toBe(true);
  });
});

/**
 * Operator commands read the shop's configuration as the shop does (`operatorConfig`): the secrets of
 * the environment, else those the shop keeps in DATA_DIR, so in the embedded mode a command decrypts a
 * date of birth or signs with the shop's keys without the operator copying secrets by hand.
 */
describe('operator commands', () => {
  const scripts = Object.entries(
    (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
  )
    .map(([name, command]) => [name, /^node dist\/(apps\/api\/.+)\.js$/.exec(command)?.[1]] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);

  it('are found in package.json', () => {
    expect(scripts.map(([name]) => name)).toEqual(
      expect.arrayContaining(['cme:audit', 'order:refund', 'finance:export', 'media:import', 'backup', 'restore']),
    );
  });

  it('each reads its configuration through operatorConfig, never loadConfig alone', () => {
    const configured = [
      'cme:audit',
      'cme:revoke',
      'cme:seal',
      'order:refund',
      'finance:export',
      'media:import',
      'catalog:import',
      'society:link',
      'keys:rotate',
    ];
    const wrong = scripts
      .filter(([name, path]) => {
        const text = readFileSync(join(ROOT, `${path}.ts`), 'utf8');
        return text.includes('loadConfig(') || (configured.includes(name) && !text.includes('operatorConfig()'));
      })
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });
});
