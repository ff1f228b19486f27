#!/usr/bin/env node
// No file of the repository points at a file it does not hold. Reads every text file git knows
// (tracked, or new and not ignored) and finds the files each one refers to: in docs and data files
// the whole text, in source files (.ts, .tsx, .js, .mjs, ...) their comments (the compiler and the
// runtime check the imports):
//   - Markdown links and images `[text](target)`, relative to the linking file (`/{path}` from the
//     root), with their `#anchor` checked against the target's headings;
//   - repository paths written out (`apps/api/cme/cme.controller.ts`, a folder such as `libs/domain/`,
//     `docs/api.md#the-openapi-document-and-the-contract-check`), from the root;
//   - relative paths (`./{path}`, `../{path}`), from the file's folder or else from the root (prose
//     says `./data` for the working folder); one that climbs out of the repository names a file a
//     clone does not have;
//   - bare Markdown file names (`events.md`), in source files also in strings: some file of that
//     name must exist.
// It fails naming file:line and the reference when the target is missing.
//
// Usage: node scripts/check-references.mjs [--report] [--json] [--root DIR]
//   --report  list the problems, count them by folder, exit 0 (for a sweep still under way)
//   --json    print the problems as JSON (file, line, reference, reason)
//   --root    check DIR as if it were the repository (the test's fixtures)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { posix, relative, resolve, sep } from 'node:path';

const args = process.argv.slice(2);
const option = (name) => args.includes(name);
const rootArg = args.indexOf('--root');
const ROOT = resolve(rootArg >= 0 ? args[rootArg + 1] : '.');

/** Allow-list: folders that are generated or ignored (a reference to them is not checked). */
const GENERATED = [
  'node_modules/',
  'dist/', // tsc output; web/dist is Vite's
  'web/dist/',
  'data/', // the embedded database and secrets (DATA_DIR)
  '.cache/', // Schemathesis' virtual environment, the Kafka jars
  'coverage/',
  'test-results/',
  'playwright-report/',
  'screenshots/',
  '.schemathesis/',
];
/**
 * Allow-list: files not read. The lock file lists package paths, not ours; this check's fixtures hold
 * bad references on purpose; the web lint fixtures name the files they are linted as.
 */
const NOT_READ = ['package-lock.json', 'test/architecture/fixtures-references/', 'web/lint-fixtures/'];
const SOURCE = /\.(m|c)?(j|t)sx?$/;
const BINARY = /\.(jpe?g|png|gif|webp|ico|svg|pdf|mp4|webm|woff2?|ttf|gz|br|zip)$/i;
/** A reference holding one of these is a pattern or a template (`cme-*.ts`, `apps/api/<module>/`, `{ID}.jpeg`). */
const TEMPLATE = /[*{}<>$[\]]|\.\.\.|…/;
/** What a reference may be made of; it ends at white space, quotes, brackets and separators. */
const TOKEN = String.raw`[^\s\x60'"()[\],;|\\]+`;

function listFiles() {
  try {
    const out = execFileSync('git', ['-C', ROOT, 'ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\0').filter((f) => f && existsSync(resolve(ROOT, f)));
  } catch {
    // Not a git work tree (a copied folder): every file but the generated ones.
    const files = [];
    const walk = (dir) => {
      for (const entry of readdirSync(resolve(ROOT, dir), { withFileTypes: true })) {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.name === '.git' || GENERATED.some((g) => `${path}/`.startsWith(g))) continue;
        if (entry.isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk('');
    return files;
  }
}

const files = listFiles().sort();
const fileSet = new Set(files);
const dirSet = new Set();
for (const file of files) {
  const parts = file.split('/');
  for (let i = 1; i < parts.length; i++) dirSet.add(parts.slice(0, i).join('/'));
}
const basenames = new Set(files.map((f) => posix.basename(f)));
/** Top-level folders: a path written from the root starts with one of them. */
const TOP = [...dirSet].filter((d) => !d.includes('/'));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ROOT_PATH = TOP.length
  ? new RegExp(String.raw`(?<![\w.@/#~$:%-])(?:${TOP.map(escape).join('|')})/${TOKEN}`, 'g')
  : null;
const RELATIVE_PATH = new RegExp(String.raw`(?<![\w.@/#~$:%-])\.\.?/${TOKEN}`, 'g');
const BARE_MARKDOWN = /(?<![\w.@/#~$:%-])[\w-]+\.md\b(?![\w/-])/g;
const MARKDOWN_LINK = /!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

const isGenerated = (path) => GENERATED.some((g) => `${path}/`.startsWith(g));
const isUrl = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** A module path as source code writes it: `x.js` for `x.ts`, no extension, a folder's index. */
function exists(path) {
  if (path === '' || fileSet.has(path) || dirSet.has(path)) return true;
  const candidates = [];
  if (/\.(m|c)?js$/.test(path)) {
    const stem = path.replace(/\.(m|c)?js$/, '');
    candidates.push(`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, `${stem}.d.ts`);
  } else if (!/\.[a-z0-9]+$/i.test(posix.basename(path))) {
    for (const ext of ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '/index.ts', '/index.tsx', '/index.js']) {
      candidates.push(path + ext);
    }
  }
  return candidates.some((c) => fileSet.has(c));
}

/** GitHub's anchors of a Markdown file: its headings, lower-cased, punctuation dropped, spaces to hyphens. */
const anchorCache = new Map();
function anchorsOf(path) {
  if (anchorCache.has(path)) return anchorCache.get(path);
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of readFileSync(resolve(ROOT, path), 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  anchorCache.set(path, anchors);
  return anchors;
}

const OUTSIDE = 'points outside the repository';

/** Why `reference` (already resolved to `path` from the root, `#anchor` apart) is broken, or null. */
function problemOf(path, anchor) {
  if (path.startsWith('../') || path === '..') return OUTSIDE;
  if (isGenerated(path)) return null;
  if (!exists(path)) return 'no such file in the repository';
  if (anchor && path.endsWith('.md') && fileSet.has(path) && !anchorsOf(path).has(anchor.toLowerCase())) {
    return `no heading #${anchor} in ${path}`;
  }
  return null;
}

const trimEnd = (token) => token.replace(/[.:;,!?]+$/, '');

/**
 * The comments of a source file, line by line (code and strings blanked). A small scanner: strings in
 * quotes end at their line, template literals may span lines; a regular expression literal holding a
 * quote can confuse it, which at worst hides a comment from this check.
 */
function commentsOf(text) {
  const out = [];
  let state = 'code'; // code | block | template
  for (const line of text.split('\n')) {
    let comment = '';
    let quote = null;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      const next = line[i + 1];
      if (state === 'block') {
        if (c === '*' && next === '/') {
          state = 'code';
          i++;
          comment += ' ';
        } else comment += c;
      } else if (state === 'template') {
        if (c === '\\') i++;
        else if (c === '`') state = 'code';
      } else if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
      } else if (c === '/' && next === '/') {
        comment += ` ${line.slice(i + 2)}`;
        break;
      } else if (c === '/' && next === '*') {
        state = 'block';
        i++;
      } else if (c === '`') state = 'template';
      else if (c === "'" || c === '"') quote = c;
    }
    out.push(comment);
  }
  return out;
}

function checkFile(file, problems) {
  const bytes = readFileSync(resolve(ROOT, file));
  if (bytes.subarray(0, 8000).includes(0)) return; // binary
  const dir = posix.dirname(file) === '.' ? '' : posix.dirname(file);
  const isMarkdown = file.endsWith('.md');
  const isSource = SOURCE.test(file);
  const text = bytes.toString('utf8');
  const lines = isSource ? commentsOf(text) : text.split('\n');
  const whole = text.split('\n');
  lines.forEach((original, index) => {
    let line = original;
    const report = (reference, reason) => problems.push({ file, line: index + 1, reference, reason });
    /** `from`: 'root' for a path written from the root, 'file' for a link, 'either' for a relative path in prose. */
    const check = (reference, from) => {
      if (TEMPLATE.test(reference)) return;
      const [target, anchor] = reference.split('#', 2);
      if (target === '') {
        // `#anchor` of this very file
        if (isMarkdown && anchor && !anchorsOf(file).has(anchor.toLowerCase())) {
          report(reference, `no heading #${anchor} in ${file}`);
        }
        return;
      }
      const resolveFrom = (base) => posix.normalize(posix.join(base, target)).replace(/\/$/, '');
      let reason = problemOf(resolveFrom(from === 'root' ? '' : dir), anchor);
      if (reason && from === 'either') {
        const fromRoot = problemOf(resolveFrom(''), anchor);
        if (!fromRoot) return;
        if (fromRoot === OUTSIDE) reason = OUTSIDE; // the likelier reading of a path that climbs
      }
      if (reason) report(reference, reason);
    };
    if (isMarkdown) {
      for (const m of original.matchAll(MARKDOWN_LINK)) {
        const target = m[1];
        if (isUrl(target)) continue;
        if (target.startsWith('/')) check(target.slice(1), 'root');
        else check(target, 'file');
      }
      // Checked above: the link targets are not read again as paths.
      line = line.replace(MARKDOWN_LINK, (m) => m.replace(/\]\([^)]*\)/, ']()'));
    }
    for (const m of line.matchAll(RELATIVE_PATH)) {
      const reference = trimEnd(m[0]);
      // In a comment, `./name.js` is mostly an import written as an example; a path that climbs is checked.
      if (isSource && /^\.\/[^/]*$/.test(reference)) continue;
      check(reference, 'either');
    }
    if (ROOT_PATH) for (const m of line.matchAll(ROOT_PATH)) check(trimEnd(m[0]), 'root');
    for (const m of (isMarkdown ? line : whole[index]).matchAll(BARE_MARKDOWN)) {
      if (!basenames.has(m[0])) report(m[0], 'no file of this name in the repository');
    }
  });
}

const problems = [];
const read = files.filter((f) => !BINARY.test(f) && !NOT_READ.some((n) => f === n || f.startsWith(n)));
for (const file of read) {
  if (statSync(resolve(ROOT, file)).size > 2 * 1024 * 1024) continue; // no text file of ours is that large
  checkFile(file, problems);
}

if (option('--json')) {
  process.stdout.write(`${JSON.stringify(problems, null, 2)}\n`);
} else {
  for (const p of problems) process.stdout.write(`${p.file}:${p.line}: ${p.reference} (${p.reason})\n`);
  const where = relative(process.cwd(), ROOT).split(sep).join('/') || '.';
  if (option('--report') && problems.length > 0) {
    const byFolder = new Map();
    const filesByFolder = new Map();
    for (const p of problems) {
      const parts = p.file.split('/').slice(0, -1);
      const folder = parts.length ? parts.slice(0, 2).join('/') : '(root)';
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
      filesByFolder.set(folder, (filesByFolder.get(folder) ?? new Set()).add(p.file));
    }
    process.stdout.write('\nBy folder (references, files):\n');
    for (const [folder, count] of [...byFolder].sort((a, b) => b[1] - a[1])) {
      process.stdout.write(`  ${folder}: ${count}, ${filesByFolder.get(folder).size}\n`);
    }
  }
  const files = new Set(problems.map((p) => p.file)).size;
  process.stdout.write(
    `check-references: ${read.length} files of ${where} read, ${problems.length} broken references in ${files} files\n`,
  );
}
process.exitCode = problems.length > 0 && !option('--report') ? 1 : 0;
