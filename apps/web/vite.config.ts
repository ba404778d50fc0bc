import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Paths resolve against this file's folder, so `vite --config apps/web/vite.config.ts`
// from the repository root and `vite` inside apps/web behave the same.
const root = new URL('.', import.meta.url).pathname;

// The API, and the spec's calls outside /v1 (POST /api/parse-conda).
const api = {
  '/v1': { target: 'http://127.0.0.1:8080', changeOrigin: false },
  '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
};

export default defineConfig({
  root,
  plugins: [react()],
  // Ketcher (the 2D WorkSpace's lazy chunk) was written for webpack: ketcher-core reads Node's
  // `global` and `process.env.NODE_DEBUG` (through the `events` and `util` polyfills).
  define: { global: 'globalThis', 'process.env.NODE_DEBUG': 'false' },
  // Indigo runs in a module worker (ketcher-standalone's binaryWasm entry).
  worker: { format: 'es' },
  optimizeDeps: {
    // Pre-bundling would move the worker and the .wasm away from the URLs the package computes.
    exclude: ['ketcher-standalone'],
    include: ['ketcher-core', 'ketcher-standalone > @babel/runtime/regenerator'],
  },
  server: {
    proxy: api,
  },
  preview: {
    proxy: api,
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
