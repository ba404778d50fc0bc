/**
 * Med View against stock Mol* (`npm run bench:viewer`, issue 12): the same structures loaded in
 * Med View (the built app, served by the built server, /viewer-test) and in Mol*'s own viewer
 * build (node_modules/molstar/build/viewer, served here from loopback) in the same headless
 * Chromium, one after another, BENCH_ROUNDS times each, alternating. Printed per structure: the
 * median time from navigation to the first frame with the structure drawn, and the ratio
 * Med View / stock (goal: within 1.2x).
 *
 *   npm run bench:viewer                      # BENCH_ROUNDS=3
 *
 * Structures: the small 1W1P complex (receptor, 996 residues) shipped as a sample, and a
 * structure of more than 5,000 residues made from three copies of the 7CNQ sample's receptor
 * (2,236 residues each) as chains of one model, shifted 80 Å apart so nothing overlaps; the
 * machines reach no archive, and the shipped samples are the largest real structures on them.
 *
 * A measurement, not a test: it exits 0 whatever the ratio, and non-zero only when it could not
 * run (build, server start, a page that never drew).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { Api, ensureBuilt, newest, ROOT, signUp, startServer } from '../../apps/server/bench/api-bench-setup';

const ROUNDS = Math.min(Math.max(Math.floor(Number(process.env.BENCH_ROUNDS ?? 3)) || 3, 1), 20);
const STOCK = join(ROOT, 'node_modules/molstar/build/viewer');
const SAMPLES = join(ROOT, 'apps/server/samples');
/** The same Chromium and flags the e2e suite uses (e2e/playwright.config.ts): software WebGL. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
const VIEWPORT = { width: 1440, height: 900 };

/** Builds apps/web when its bundle is missing or older than its sources or the contract. */
function ensureWebBuilt(): void {
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
function replicate(pdb: string, copies: number): string {
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

const residues = (pdb: string) =>
  new Set(
    pdb
      .split('\n')
      .filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM'))
      .map((l) => l.slice(17, 27)),
  ).size;

/** Mol*'s stock viewer and the structures, from loopback (the stock page reads its data by URL). */
function serveStock(files: Record<string, string>): Promise<{ base: string; server: Server }> {
  const page = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/molstar.css">
<script src="/molstar.js"></script></head><body><div id="app" style="position:absolute;inset:0"></div><script>
const url = new URLSearchParams(location.search).get('data');
molstar.Viewer.create('app', { layoutIsExpanded: false, layoutShowControls: true, viewportShowExpand: false })
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

/** Two animation frames after `ready` holds: the frame with the structure has been presented. */
async function untilDrawn(page: Page, ready: string): Promise<void> {
  await page.waitForFunction(ready, undefined, { timeout: 180_000, polling: 'raf' });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function timeStock(browser: Browser, base: string, name: string): Promise<number> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    const start = performance.now();
    await page.goto(`${base}/?data=/data/${name}`);
    await untilDrawn(
      page,
      `window.benchError ? (() => { throw new Error(window.benchError) })() :
       (window.viewer?.plugin.canvas3d?.reprCount.value ?? 0) > 0 &&
       window.viewer.plugin.managers.structure.hierarchy.current.structures.length > 0 &&
       !window.viewer.plugin.behaviors.state.isBusy.value`,
    );
    return performance.now() - start;
  } finally {
    await page.close();
  }
}

async function timeMedView(browser: Browser, base: string, token: string, fileId: number): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  try {
    const start = performance.now();
    await page.goto(`${base}/viewer-test?file=${fileId}`);
    await untilDrawn(
      page,
      `(() => { const s = document.querySelector('[data-testid=viewer-test-status]');
        if (s?.dataset.status === 'error') throw new Error('Med View could not load the file');
        return s?.dataset.status === 'loaded' && Number(s.dataset.representations) > 0 &&
          !window.medxViewer?.current?.behaviors.state.isBusy.value; })()`,
    );
    return performance.now() - start;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  ensureBuilt();
  ensureWebBuilt();
  const small = readFileSync(join(SAMPLES, '1w1p_receptor.pdb'), 'utf8');
  const large = replicate(readFileSync(join(SAMPLES, '7cnq_receptor.pdb'), 'utf8'), 3);
  const structures = [
    { name: '1w1p.pdb', content: small },
    { name: '7cnq-x3.pdb', content: large },
  ];
  const server = await startServer();
  const stock = await serveStock(Object.fromEntries(structures.map((s) => [s.name, s.content])));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const api = new Api(server.base);
    await signUp(api, server.outbox, 'viewer-bench@example.org');
    const { id: projectId } = await api.call<{ id: number }>('POST', '/v1/projects/new', {
      project_name: 'Viewer bench',
    });
    console.log(
      `bench:viewer: ${ROUNDS} rounds, Chromium ${browser.version()} (SwiftShader), ${VIEWPORT.width}x${VIEWPORT.height}`,
    );
    console.log('structure          residues  Med View ms  stock Mol* ms  ratio (goal <= 1.2)');
    for (const structure of structures) {
      const file = await api.upload(projectId, structure.name, structure.content);
      // One unmeasured load each: the browser's disk cache and V8's code cache are warm for both.
      await timeMedView(browser, server.base, api.token, file.id);
      await timeStock(browser, stock.base, structure.name);
      const med: number[] = [];
      const ref: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        med.push(await timeMedView(browser, server.base, api.token, file.id));
        ref.push(await timeStock(browser, stock.base, structure.name));
      }
      const [m, r] = [median(med), median(ref)];
      console.log(
        `${structure.name.padEnd(18)} ${String(residues(structure.content)).padStart(8)}  ${m.toFixed(0).padStart(11)}  ${r
          .toFixed(0)
          .padStart(13)}  ${(m / r).toFixed(2)}`,
      );
    }
  } finally {
    await browser.close();
    stock.server.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
