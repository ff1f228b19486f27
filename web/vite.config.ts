import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const contracts = fileURLToPath(new URL('../libs/contracts', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));
// The API runs on its own port in development; in production the API process serves web/dist itself.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Chunks (docs/performance.md, "Lighthouse"): the libraries every page needs come as three vendor files
 * (fetched in parallel, cached across deploys that do not touch them) instead of one large entry. Each
 * screen stays a lazy chunk of its own. MUI is left to the automatic split: one shared MUI file would pull
 * every screen's components into the first download (measured: 205 to 226 KB gzip, over the 200 KB budget).
 */
const codeSplitting = {
  groups: [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
    { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
    {
      name: 'state',
      test: /node_modules[\\/](@reduxjs|redux|react-redux|redux-thunk|immer|reselect|use-sync-external-store)[\\/]/,
      priority: 30,
    },
  ],
};

/** The screens whose chunks public/boot.js preloads when the address opens them (the busiest first screens). */
const FIRST_SCREENS: Record<string, string> = {
  home: '/features/home/routes/home.tsx',
  product: '/features/catalog/routes/product.tsx',
  products: '/features/catalog/routes/products.tsx',
  streaming: '/features/streaming/routes/streaming.tsx',
  video: '/features/streaming/routes/video.tsx',
};
const ROUTES_PLACEHOLDER = 'var ROUTES = {};';
const ENTRY_PLACEHOLDER = 'var ENTRY = null;';

/**
 * Writes into dist/boot.js, for each screen of FIRST_SCREENS, its lazy chunk and every chunk that one
 * imports statically: boot.js preloads them (modulepreload) beside the entry, instead of their being
 * discovered only after the entry has run. Moves the entry's module script and its modulepreload links out
 * of dist/index.html into boot.js (ENTRY), which starts the app once the first view's picture has loaded
 * (docs/performance.md, "Lighthouse"). The development server keeps index.html as it is.
 */
function bootRoutes(): Plugin {
  let routes: Record<string, string[]> = {};
  let entryStages: string[] = [];
  let outDir = 'dist';
  return {
    name: 'medshop-boot-routes',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (fileName: string, seen = new Set<string>()): string[] => {
        if (seen.has(fileName)) return [];
        seen.add(fileName);
        const chunk = byFile.get(fileName);
        return [fileName, ...(chunk?.imports ?? []).flatMap((next) => withImports(next, seen))];
      };
      // The entry's stages (main.tsx imports them dynamically, one task each) belong to its first download.
      const entry = chunks.find((chunk) => chunk.isEntry);
      entryStages = entry
        ? entry.dynamicImports.flatMap((file) => withImports(file, new Set(entry.imports))).map((file) => `/${file}`)
        : [];
      routes = Object.fromEntries(
        Object.entries(FIRST_SCREENS).flatMap(([name, suffix]) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix));
          return chunk ? [[name, withImports(chunk.fileName).map((file) => `/${file}`)]] : [];
        }),
      );
    },
    closeBundle() {
      const html = join(outDir, 'index.html');
      const page = readFileSync(html, 'utf8');
      const entry = {
        script: /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page)?.[1],
        preload: [
          ...new Set([
            ...[...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
            ...entryStages,
          ]),
        ],
      };
      if (!entry.script) throw new Error(`${html}: the entry's module script not found`);
      // The entry leaves the page: boot.js starts it, after the first view's picture has loaded.
      writeFileSync(
        html,
        page
          .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
          .replaceAll(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, ''),
      );
      const file = join(outDir, 'boot.js');
      const source = readFileSync(file, 'utf8');
      for (const placeholder of [ROUTES_PLACEHOLDER, ENTRY_PLACEHOLDER]) {
        if (!source.includes(placeholder)) throw new Error(`${file}: "${placeholder}" not found`);
      }
      writeFileSync(
        file,
        source
          .replace(ROUTES_PLACEHOLDER, `var ROUTES = ${JSON.stringify(routes)};`)
          .replace(ENTRY_PLACEHOLDER, `var ENTRY = ${JSON.stringify(entry)};`),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), bootRoutes()],
  resolve: { alias: { '@contracts': contracts, '@': src } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting } },
  },
  server: { fs: { allow: ['..'] }, proxy: { '/api': apiTarget } },
  preview: { proxy: { '/api': apiTarget } },
});
