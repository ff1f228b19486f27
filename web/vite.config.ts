import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../libs/contracts', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));
// The API runs on its own port in development; in production the API process serves web/dist itself.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@contracts': contracts, '@': src } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
  server: { fs: { allow: ['..'] }, proxy: { '/api': apiTarget } },
  preview: { proxy: { '/api': apiTarget } },
});
