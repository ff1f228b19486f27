import { basename } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the list is shared with jest.config.cjs (CommonJS)
const { groups } = require('./jest-groups.cjs') as { groups(): string[][] };

/**
 * Loads the API test files of the group named by the file `api-N.group.ts` (test/groups/jest-groups.cjs)
 * through Jest's own registry, in order: their describes become this file's, and the shop's modules load
 * once for all of them.
 */
export function runGroup(groupFile: string): void {
  const match = /^api-(\d+)\.group\.ts$/.exec(basename(groupFile));
  if (!match) throw new Error(`${groupFile} is not a group file (api-N.group.ts)`);
  const files = groups()[Number(match[1]) - 1];
  if (!files || files.length === 0) throw new Error(`${groupFile}: no such group, or an empty one`);
  for (const file of files) jest.requireActual(file);
}
