import { readdir, readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BudgetResult, kb, verdict } from './report.js';

const BUDGET_BYTES = 200 * 1024;

/** `src` of module scripts and `href` of modulepreload links in index.html, as site paths. */
function referencedScripts(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string): string | undefined =>
      new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) found.push(src);
    } else if (attr('rel')?.toLowerCase() === 'modulepreload') {
      const href = attr('href');
      if (href) found.push(href);
    }
  }
  return found;
}

/**
 * The app's entry and its preloads, which the build moved from index.html into boot.js (web/vite.config.ts,
 * `var ENTRY = {"script": ..., "preload": [...]};`): boot.js starts them on every first page.
 */
function bootEntry(bootJs: string): string[] {
  const json = /\bvar ENTRY = (\{.*?\});/.exec(bootJs)?.[1];
  if (!json) throw new Error('boot.js names no ENTRY (was web/dist built?)');
  const entry = JSON.parse(json) as { script: string; preload: string[] };
  return [entry.script, ...entry.preload];
}

/** Static imports (`import ... from "./x.js"`, `import "./x.js"`) of a built chunk; dynamic `import()` is left out. */
function staticImports(code: string, fromPath: string): string[] {
  const paths: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) {
    paths.push(posix.join(posix.dirname(fromPath), match[1]!));
  }
  return paths;
}

/**
 * Budget: initial JavaScript of the first page under 200 KB gzip. Reads web/dist/index.html, takes its
 * scripts (boot.js), the entry script and the preloads boot.js starts, plus (as a check) every chunk those import
 * statically, and sums each file's gzip size (node:zlib, default level): what the browser downloads
 * before the first render. Baseline: all JavaScript of the build, gzip, so the ratio is the share
 * loaded up front.
 */
export async function initialJavaScript(distDir: string): Promise<BudgetResult> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const gzipSize = async (sitePath: string): Promise<number> =>
    gzipSync(await readFile(join(distDir, sitePath))).length;

  const scripts = referencedScripts(html);
  if (scripts.includes('/boot.js')) scripts.push(...bootEntry(await readFile(join(distDir, 'boot.js'), 'utf8')));
  const queue = scripts.map((p) => posix.normalize(p.startsWith('/') ? p : `/${p}`));
  if (queue.length === 0) throw new Error('index.html references no script');
  const seen = new Set<string>();
  let initial = 0;
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    initial += await gzipSize(path);
    queue.push(...staticImports(await readFile(join(distDir, path), 'utf8'), path));
  }

  let all = 0;
  let chunks = 0;
  for (const entry of await readdir(join(distDir, 'assets'), { recursive: true })) {
    if (!entry.endsWith('.js')) continue;
    all += await gzipSize(posix.join('/assets', entry));
    chunks++;
  }
  return {
    crashed: false,
    row: {
      budget: 'Initial JavaScript of the first page < 200 KB gzip',
      measured: `${kb(initial)} gzip (${seen.size} files)`,
      baseline: `all JS of the build ${kb(all)} gzip (${chunks} files)`,
      ratio: `${((initial / all) * 100).toFixed(0)} % of all JS; ${((initial / BUDGET_BYTES) * 100).toFixed(0)} % of budget`,
      verdict: verdict(initial < BUDGET_BYTES),
    },
  };
}
