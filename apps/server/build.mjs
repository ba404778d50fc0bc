// Bundles the server into dist/main.js (and its worker entries into dist/*-worker.js). npm dependencies stay external (installed in
// node_modules); the workspace contract package is TypeScript source, so it is bundled in.
// Our Python programs (python/medx_chem, python/medx_galaxy) are copied to dist/python, where chem/python.ts
// looks for them relative to the bundle; their tests stay behind.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@medx/'));

// Worker-thread entries (lib/worker-pool.ts) are bundled beside main.js: workerScript()
// looks for dist/<name>.js next to the bundle. So is the program launcher's (lib/launcher.ts).
const src = (path) => new URL(`./src/${path}`, import.meta.url).pathname;
await build({
  entryPoints: {
    main: src('main.ts'),
    'launcher-process': src('lib/launcher-process.ts'),
    'rdkit-worker': src('chem/rdkit-worker.ts'),
    'structure-worker': src('chem/structure-worker.ts'),
    'cavity-worker': src('modules/pockets/cavity-worker.ts'),
    'density-worker': src('modules/density/density-worker.ts'),
    'volume-streaming-worker': src('modules/volume-streaming/volume-streaming-worker.ts'),
  },
  outdir: new URL('./dist/', import.meta.url).pathname,
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
for (const pkgName of ['medx_chem', 'medx_galaxy']) {
  cpSync(new URL(`./python/${pkgName}/`, import.meta.url).pathname, `${pythonDist}${pkgName}`, {
    recursive: true,
    filter: (path) => basename(path) !== '__pycache__',
  });
}
// The catalogue of Galaxy tools (modules/tools/tool-catalogue.ts looks for it beside the bundle).
const toolsDist = new URL('./dist/galaxy-tools/', import.meta.url).pathname;
rmSync(toolsDist, { recursive: true, force: true });
cpSync(new URL('./galaxy-tools/', import.meta.url).pathname, toolsDist, { recursive: true });
// Galaxy's tool XSD: medx_galaxy/schema.py looks for it at ../../galaxy-xsd from its package (dist/galaxy-xsd).
const xsdDist = new URL('./dist/galaxy-xsd/', import.meta.url).pathname;
rmSync(xsdDist, { recursive: true, force: true });
cpSync(new URL('./galaxy-xsd/', import.meta.url).pathname, xsdDist, { recursive: true });
// The built-in workflows (.ga and gxformat2 files), read by modules/workflows/workflow-catalogue.ts.
const workflowsDist = new URL('./dist/workflows/', import.meta.url).pathname;
rmSync(workflowsDist, { recursive: true, force: true });
cpSync(new URL('./workflows/', import.meta.url).pathname, workflowsDist, { recursive: true });
console.log(
  'server bundled to apps/server/dist/main.js (Python programs in dist/python, tools in dist/galaxy-tools, workflows in dist/workflows)',
);
