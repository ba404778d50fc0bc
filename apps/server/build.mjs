// Bundles the server into dist/main.js. npm dependencies stay external (installed in
// node_modules); the workspace contract package is TypeScript source, so it is bundled in.
// Our Python programs (python/medx_chem) are copied to dist/python, where chem/python.ts
// looks for them relative to the bundle; their tests stay behind.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@medx/'));

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

// A fresh copy: a module deleted from the source must not linger in dist.
const pythonDist = new URL('./dist/python/', import.meta.url).pathname;
rmSync(pythonDist, { recursive: true, force: true });
cpSync(new URL('./python/medx_chem/', import.meta.url).pathname, `${pythonDist}medx_chem`, {
  recursive: true,
  filter: (path) => basename(path) !== '__pycache__',
});
console.log('server bundled to apps/server/dist/main.js (Python programs in dist/python)');
