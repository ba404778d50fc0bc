/**
 * The pieces bench:viewer (viewer-bench.ts) measures with: structures made from the shipped
 * samples, Mol*'s stock viewer served from loopback, and the wait for a drawn frame.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { newest, ROOT } from '../../apps/server/bench/api-bench-setup';

export const STOCK = join(ROOT, 'node_modules/molstar/build/viewer');
export const SAMPLES = join(ROOT, 'apps/server/samples');
/** The same Chromium and flags the e2e suite uses (e2e/playwright.config.ts): software WebGL. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
export const VIEWPORT = { width: 1440, height: 900 };

/** Builds apps/web when its bundle is missing or older than its sources or the contract. */
export function ensureWebBuilt(): void {
  const index = join(ROOT, 'apps/web/dist/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built > Math.max(newest(join(ROOT, 'apps/web/src')), newest(join(ROOT, 'packages/contract/src')))) return;
  const run = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('npm run build -w apps/web failed');
}

/**
 * A PDB of `copies` copies of `pdb`'s ATOM/HETATM records, copy k on chains renamed from a
 * per-copy alphabet and shifted k × 80 Å along x: one model, more residues, no clashes.
 */
export function replicate(pdb: string, copies: number): string {
  const chains = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const records = pdb.split('\n').filter((line) => line.startsWith('ATOM') || line.startsWith('HETATM'));
  const original = [...new Set(records.map((line) => line[21] ?? ' '))];
  if (original.length * copies > chains.length) throw new Error('too many chains to replicate');
  const out: string[] = [];
  let serial = 0;
  for (let k = 0; k < copies; k++) {
    for (const line of records) {
      const chain = chains[k * original.length + original.indexOf(line[21] ?? ' ')]!;
      const x = (Number(line.slice(30, 38)) + k * 80).toFixed(3).padStart(8);
      serial = (serial % 99_999) + 1;
      out.push(
        `${line.slice(0, 6)}${String(serial).padStart(5)}${line.slice(11, 21)}${chain}${line.slice(22, 30)}${x}${line.slice(38)}`,
      );
    }
    out.push('TER');
  }
  out.push('END');
  return `${out.join('\n')}\n`;
}

export const residues = (pdb: string) =>
  new Set(
    pdb
      .split('\n')
      .filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM'))
      .map((l) => l.slice(17, 27)),
  ).size;

/**
 * Mol*'s stock viewer and the structures, from loopback (the stock page reads its data by URL:
 * `/?data=/data/NAME`, with `&layout=med` in Med View's layout, whose canvas is larger).
 */
export function serveStock(files: Record<string, string>): Promise<{ base: string; server: Server }> {
  const page = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/molstar.css">
<script src="/molstar.js"></script></head><body><div id="app" style="position:absolute;inset:0"></div><script>
const query = new URLSearchParams(location.search);
const url = query.get('data');
const options = { layoutIsExpanded: false, layoutShowControls: true, viewportShowExpand: false };
// layout=med: Med View's layout (left panel collapsed to its tabs, controls beside the canvas).
if (query.get('layout') === 'med') Object.assign(options, { collapseLeftPanel: true, layoutControlsDisplay: 'landscape' });
molstar.Viewer.create('app', options)
  .then((viewer) => { window.viewer = viewer; return viewer.loadStructureFromUrl(url, 'pdb'); })
  .catch((error) => { window.benchError = String(error); });
</script></body></html>`;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    } else if (path.startsWith('/data/') && files[path.slice(6)] !== undefined) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(files[path.slice(6)]);
    } else if (/^\/[\w.-]+$/.test(path) && existsSync(join(STOCK, path))) {
      const type = path.endsWith('.js')
        ? 'text/javascript'
        : path.endsWith('.css')
          ? 'text/css'
          : 'application/octet-stream';
      res.writeHead(200, { 'content-type': type }).end(readFileSync(join(STOCK, path)));
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      ok({ base: `http://127.0.0.1:${port}`, server });
    }),
  );
}

/**
 * Two animation frames after `ready(arg)` holds: the frame with the structure has been presented.
 * A function, not a string: strings are evaluated with eval, which the app's CSP refuses.
 */
export async function untilDrawn(
  page: Page,
  ready: (arg: number) => boolean,
  arg = 0,
  timeout = 180_000,
): Promise<void> {
  await page.waitForFunction(ready, arg, { timeout, polling: 'raf' });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * One PDB of a receptor and its ligand (an SDF, converted by Open Babel, written as HETATM
 * records of residue LIG Z 999 with CONECT bonds), for stock Mol*, which computes interactions
 * within one structure only.
 */
export function complexPdb(receptorPdb: string, ligandSdf: string): string {
  const run = spawnSync('obabel', ['-isdf', '-opdb'], { input: ligandSdf, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`obabel could not convert the ligand: ${run.stderr}`);
  const receptor = receptorPdb.split('\n').filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM'));
  const offset = receptor.length;
  // The ligand's serials follow the receptor's, in its atoms and its CONECT records alike.
  const shift = (field: string) => String(Number(field) + offset).padStart(5);
  const ligand = run.stdout
    .split('\n')
    .filter((l) => l.startsWith('HETATM') || l.startsWith('ATOM') || l.startsWith('CONECT'))
    .map((l) =>
      !l.startsWith('CONECT')
        ? `HETATM${shift(l.slice(6, 11))}${l.slice(11, 17)}LIG Z 999${l.slice(26)}`
        : `CONECT${(l.slice(6).match(/.{1,5}/g) ?? []).map((f) => (f.trim() ? shift(f) : f)).join('')}`,
    );
  return `${[...receptor, 'TER', ...ligand, 'END'].join('\n')}\n`;
}
