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
};
const ROUTES_PLACEHOLDER = 'var ROUTES = {};';

/**
 * Writes into dist/boot.js, for each screen of FIRST_SCREENS, its lazy chunk and every chunk that one
 * imports statically: boot.js preloads them (modulepreload) while the entry is still downloading,
 * instead of discovering them only after the entry has run.
 */
function bootRoutes(): Plugin {
  let routes: Record<string, string[]> = {};
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
      routes = Object.fromEntries(
        Object.entries(FIRST_SCREENS).flatMap(([name, suffix]) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix));
          return chunk ? [[name, withImports(chunk.fileName).map((file) => `/${file}`)]] : [];
        }),
      );
    },
    closeBundle() {
      const file = join(outDir, 'boot.js');
      const source = readFileSync(file, 'utf8');
      if (!source.includes(ROUTES_PLACEHOLDER)) throw new Error(`${file}: "${ROUTES_PLACEHOLDER}" not found`);
      writeFileSync(file, source.replace(ROUTES_PLACEHOLDER, `var ROUTES = ${JSON.stringify(routes)};`));
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
