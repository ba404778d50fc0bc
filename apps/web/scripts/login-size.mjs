/**
 * The login page's weight, measured on every build (`npm run build -w apps/web` runs it after
 * `vite build`; issue 13): the JavaScript and CSS a browser fetches to show /login, gzipped, must
 * stay under 250 KB, and none of it may be Ketcher, Indigo, RDKit or Mol* (they load lazily, in
 * the workspace). Either failure fails the build. The page is built without antd (ui-light), which
 * is what keeps it light: see docs/decisions.md "The login page's weight". What the page fetches:
 * index.html's entry script, its modulepreloads and stylesheets, then the LoginPage chunk (a lazy
 * route), each followed through its static imports (`import ... from "./x.js"`;
 * `import("./x.js")` is lazy and not followed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
/** Strings only these libraries' code holds: their presence means the library was bundled in. */
// (Checked against this build's lazy chunks: the 2D editor's holds ketcherInstances, Med View's msp-plugin.)
const HEAVY = [
  ['Ketcher', /ketcherInstances|ketcherId/],
  ['Indigo', /indigo-ketcher/],
  ['RDKit', /RDKit_minimal|initRDKitModule/],
  ['Mol*', /msp-plugin/],
];

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const roots = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const login = readdirSync(assets).find((name) => /^LoginPage-[\w-]+\.js$/.test(name));
if (!login) throw new Error('login-size: no LoginPage chunk in dist/assets (was the route renamed?)');
roots.push(login);

const seen = new Set();
const queue = [...roots];
while (queue.length > 0) {
  const name = queue.shift();
  if (seen.has(name)) continue;
  seen.add(name);
  if (!name.endsWith('.js')) continue;
  const code = readFileSync(join(assets, name), 'utf8');
  // Static imports only: `import{a}from"./x.js"`, `import"./x.js"`, `export{b}from"./x.js"`.
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.(?:js|css))["']/g)) queue.push(m[1]);
}

let total = 0;
const found = [];
for (const name of seen) {
  const content = readFileSync(join(assets, name));
  total += gzipSync(content).length;
  for (const [library, marker] of HEAVY) if (marker.test(content.toString('utf8'))) found.push(`${library} in ${name}`);
}
const kb = total / 1024;
const verdict = kb <= BUDGET_KB ? 'met' : 'NOT met';
console.log(`login page: ${seen.size} files, ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB: ${verdict})`);
if (found.length > 0) console.error(`login page holds libraries meant to load lazily: ${found.join(', ')}`);
if (kb > BUDGET_KB) console.error(`login page is over its budget of ${BUDGET_KB} KB gzipped`);
if (found.length > 0 || kb > BUDGET_KB) process.exit(1);
