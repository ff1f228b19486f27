// The API test files that `npm test` runs in groups (docs/conventions.md, "Test files in groups").
//
// Jest gives every test file a module registry of its own, so each file that starts a shop loads the
// whole shop's modules again: about 2.6 CPU-s per file on this machine, more than many of these files
// spend on their tests. `npm test` (JEST_GROUPS=1, jest.config.cjs) therefore runs the API files
// (test/api/*.spec.ts) in GROUPS files of their own (api-1.group.ts to api-12 beside this file), each loading the
// modules once for the files it holds, one after another; every file keeps its own shop and database.
// Run alone (`npx jest test/api/cart.spec.ts`), a file is its own test file as before.
const { readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '../..');
const MEMBERS_DIR = join(ROOT, 'test/api');
/** Enough groups that the last one to finish does not run long alone beside the other worker. */
const GROUPS = 12;
/**
 * Files that keep a registry of their own: http-static builds a Nest app with a logger writing to its
 * own stream, and nestjs-pino keeps its logger in a static field that an earlier file's shop had set.
 */
const ALONE = new Set(['http-static.spec.ts']);

/** Every API test file, absolute path, sorted by name. */
function members() {
  return readdirSync(MEMBERS_DIR)
    .filter((name) => name.endsWith('.spec.ts') && !ALONE.has(name))
    .sort()
    .map((name) => join(MEMBERS_DIR, name));
}

/**
 * The files of each group: the largest file first into the group holding the fewest bytes so far (size
 * stands in for time), the same split on every machine for the same files.
 */
function groups() {
  const bins = Array.from({ length: GROUPS }, () => ({ bytes: 0, files: [] }));
  const sized = members()
    .map((file) => ({ file, bytes: statSync(file).size }))
    .sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file));
  for (const { file, bytes } of sized) {
    const bin = bins.reduce((least, next) => (next.bytes < least.bytes ? next : least));
    bin.bytes += bytes;
    bin.files.push(file);
  }
  return bins.map((bin) => bin.files.sort());
}

module.exports = { GROUPS, members, groups };
