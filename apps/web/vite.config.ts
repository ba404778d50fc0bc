import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Paths resolve against this file's folder, so `vite --config apps/web/vite.config.ts`
// from the repository root and `vite` inside apps/web behave the same.
const root = new URL('.', import.meta.url).pathname;

export default defineConfig({
  root,
  plugins: [react()],
  server: {
    proxy: { '/v1': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/v1': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare schemas and constants. Saying so lets the
        // first chunk take the message catalogue without every zod schema (and zod itself);
        // pages that validate forms load zod with them. (`"sideEffects": false` in
        // packages/contract/package.json would do the same for every bundler.)
        moduleSideEffects: [{ test: /\/packages\/contract\/src\//, sideEffects: false }],
      },
    },
  },
});
