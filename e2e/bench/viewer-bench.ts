/**
 * Med View against stock Mol* (`npm run bench:viewer`, issue 12), in one headless Chromium:
 *
 * 1. Time to first frame: the same structure loaded in Med View (the built app, served by the
 *    built server, /viewer-test) and in Mol*'s own viewer build (node_modules/molstar/build/
 *    viewer, served here from loopback), in turn, BENCH_ROUNDS times each. Goal ≤ 1.2×. Stock
 *    Mol* runs in Med View's layout (left panel collapsed to its tabs): the canvases are then
 *    about the same size, and software WebGL's cost per frame grows with the pixels, so the
 *    ratio compares the software, not the window. Its own default layout (left panel open, a
 *    third smaller canvas) is measured too, for reference.
 * 2. Interaction computation, from the click to the frame with the contacts drawn: Med View's
 *    Interaction toggle on a receptor file and a separately loaded ligand file (its defaults:
 *    ligand–receptor contacts, found by Mol*'s interactions extension among the residues within
 *    6 Å of the ligand), against stock Mol*'s own Interactions representation (in Med View's
 *    layout) added to one structure holding the same receptor and ligand (Mol* computes the
 *    contacts of the whole structure: that is what a stock Mol* user waits for). Goal ≤ 1.2×.
 * 3. Session restore: a project with 10 loaded files and 5 snapshots, synced to the server;
 *    the time from opening the workspace to the 10 structures drawn, from the server's session
 *    (a browser without the local cache) and from the local cache (a reload), against loading
 *    the same 10 files: by their In buttons in the same workspace window (one run: it is also
 *    how the session is made) and by /viewer-test (a larger canvas). Goal < 2×.
 *
 *   npm run bench:viewer                      # BENCH_ROUNDS=3, BENCH_SECTIONS=1,2,3
 *
 * Structures: the small 1W1P complex (receptor, 996 residues) shipped as a sample, and a
 * structure of more than 5,000 residues made from three copies of the 7CNQ sample's receptor
 * (2,236 residues each) as chains of one model, shifted 80 Å apart so nothing overlaps, its
 * ligand in the first copy; the machines reach no archive, and the shipped samples are the
 * largest real structures on them.
 *
 * A measurement, not a test: it exits 0 whatever the ratios, and non-zero only when it could not
 * run (build, server start, a page that never drew).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { Api, ensureBuilt, signUp, startServer } from '../../apps/server/bench/api-bench-setup';
import {
  CHROMIUM_ARGS,
  complexPdb,
  ensureWebBuilt,
  replicate,
  residues,
  SAMPLES,
  serveStock,
  untilDrawn,
  VIEWPORT,
} from './viewer-bench-support';

const ROUNDS = Math.min(Math.max(Math.floor(Number(process.env.BENCH_ROUNDS ?? 3)) || 3, 1), 20);
/** BENCH_SECTIONS=2,3: only those sections (default all three). */
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? '1,2,3').split(',').map((x) => x.trim()));

/* The pages' own objects, as the predicates below read them (they run in the browser). */
interface MolstarLike {
  canvas3d?: { reprCount: { value: number } };
  managers: { structure: { hierarchy: { current: { structures: { cell: unknown }[] } } } };
  behaviors: { state: { isBusy: { value: boolean } } };
  builders: { structure: { representation: { addRepresentation(cell: unknown, props: object): Promise<unknown> } } };
}
interface BenchWindow {
  viewer?: { plugin: MolstarLike };
  benchError?: string;
  medxViewer?: { current?: MolstarLike };
}

function stockDrawn(): boolean {
  const w = window as unknown as BenchWindow;
  if (w.benchError) throw new Error(w.benchError);
  const plugin = w.viewer?.plugin;
  return (
    (plugin?.canvas3d?.reprCount.value ?? 0) > 0 &&
    (plugin?.managers.structure.hierarchy.current.structures.length ?? 0) > 0 &&
    !plugin?.behaviors.state.isBusy.value
  );
}

function medViewDrawn(): boolean {
  const s = document.querySelector<HTMLElement>('[data-testid=viewer-test-status]');
  if (s?.dataset.status === 'error') throw new Error('Med View could not load the files');
  const plugin = (window as unknown as BenchWindow).medxViewer?.current;
  return (
    s?.dataset.status === 'loaded' && Number(s.dataset.representations) > 0 && !plugin?.behaviors.state.isBusy.value
  );
}

/** The shown structures and drawn visuals the workspace's Med View reports. */
function workspaceDrawn(structures: number): boolean {
  const s = document.querySelector<HTMLElement>('[data-testid=med-view-status]');
  return Number(s?.dataset.structures) === structures && Number(s?.dataset.representations) >= structures;
}

async function withToken<T>(browser: Browser, token: string, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

interface Timed {
  ms: number;
  /** The 3D canvas's drawing buffer in pixels: software rendering's cost grows with it. */
  pixels: number;
}

/** The largest canvas on the page (Mol*'s 3D canvas), in drawing-buffer pixels. */
const canvasPixels = (page: Page) =>
  page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('canvas')].map((c) => c.width * c.height)));

async function timeStock(browser: Browser, base: string, name: string): Promise<Timed> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    const start = performance.now();
    await page.goto(`${base}/?data=/data/${name}`);
    await untilDrawn(page, stockDrawn);
    const ms = performance.now() - start;
    return { ms, pixels: await canvasPixels(page) };
  } finally {
    await page.close();
  }
}

const timeMedView = (
  browser: Browser,
  base: string,
  token: string,
  fileIds: number[],
  timeout?: number,
): Promise<Timed> =>
  withToken(browser, token, async (page) => {
    const start = performance.now();
    await page.goto(`${base}/viewer-test?file=${fileIds.join(',')}`);
    await untilDrawn(page, medViewDrawn, 0, timeout);
    const ms = performance.now() - start;
    return { ms, pixels: await canvasPixels(page) };
  });

async function interactionsStock(browser: Browser, base: string, name: string): Promise<number> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    await page.goto(`${base}/?data=/data/${name}`);
    await untilDrawn(page, stockDrawn);
    // Timed in the page: from the call to the frame after the interactions were drawn.
    return await page.evaluate(async () => {
      const plugin = (window as unknown as BenchWindow).viewer!.plugin;
      const before = plugin.canvas3d!.reprCount.value;
      const start = performance.now();
      const structure = plugin.managers.structure.hierarchy.current.structures[0]!;
      await plugin.builders.structure.representation.addRepresentation(structure.cell, { type: 'interactions' });
      while (plugin.canvas3d!.reprCount.value <= before || plugin.behaviors.state.isBusy.value) {
        if (performance.now() - start > 180_000) throw new Error('stock Mol* drew no interactions in 180 s');
        await new Promise((r) => requestAnimationFrame(r));
      }
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now() - start;
    });
  } finally {
    await page.close();
  }
}

async function interactionsMedView(
  browser: Browser,
  base: string,
  token: string,
  fileIds: number[],
): Promise<{ ms: number; count: number }> {
  return withToken(browser, token, async (page) => {
    await page.goto(`${base}/viewer-test?file=${fileIds.join(',')}`);
    await untilDrawn(page, medViewDrawn);
    const toggle = '[data-testid=tb-interactions]';
    // Playwright's click (it waits for the button to be enabled: the toolbar disables its buttons
    // while Mol* is busy); timed in the page from just before it to the frame after the toggle
    // reported the contacts drawn.
    await page.locator(toggle).waitFor();
    await expectEnabled(page, toggle);
    await page.evaluate(() => {
      (window as unknown as { benchStart: number }).benchStart = performance.now();
    });
    await page.click(toggle);
    const ms = await page.evaluate(async (selector) => {
      const button = document.querySelector<HTMLButtonElement>(selector)!;
      const plugin = (window as unknown as BenchWindow).medxViewer!.current!;
      const start = (window as unknown as { benchStart: number }).benchStart;
      while (
        button.dataset.enabled !== 'true' ||
        button.dataset.updating !== 'false' ||
        button.dataset.count === '' ||
        plugin.behaviors.state.isBusy.value
      ) {
        if (performance.now() - start > 180_000) {
          throw new Error(`Med View drew no interactions in 180 s: ${JSON.stringify(button.dataset)}`);
        }
        await new Promise((r) => requestAnimationFrame(r));
      }
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now() - start;
    }, toggle);
    const count = Number(await page.locator(toggle).getAttribute('data-count'));
    return { ms, count };
  });
}

async function expectEnabled(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => !document.querySelector<HTMLButtonElement>(sel)?.disabled, selector, {
    timeout: 180_000,
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const row = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ');

interface Structure {
  name: string;
  receptor: string;
  ligand: string;
}

/**
 * One unmeasured run each (the browser's disk cache and V8's code cache warm for all), then
 * ROUNDS measured runs of each in turn: their medians, their warm-up runs and their last runs.
 */
async function alternate<T extends { ms: number }>(
  runs: (() => Promise<T>)[],
): Promise<{ medians: number[]; warm: T[]; last: T[] }> {
  const warm: T[] = [];
  for (const run of runs) warm.push(await run());
  const times: number[][] = runs.map(() => []);
  const last = [...warm];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, run] of runs.entries()) {
      last[i] = await run();
      times[i]!.push(last[i]!.ms);
    }
  }
  return { medians: times.map(median), warm, last };
}

/** What sections 1 and 2 run with: the browser, the API, the project, both viewers' addresses. */
interface Bench {
  browser: Browser;
  api: Api;
  projectId: number;
  stockBase: string;
  serverBase: string;
}

/** Section 1: time to first frame, against stock Mol* in Med View's layout and in its own. */
async function firstFrame({ browser, api, projectId, stockBase, serverBase }: Bench, s: Structure) {
  const receptorName = `${s.name}.pdb`;
  const file = await api.upload(projectId, receptorName, s.receptor);
  const {
    medians: [m, r, d],
    warm,
  } = await alternate([
    () => timeMedView(browser, serverBase, api.token, [file.id]),
    () => timeStock(browser, stockBase, `${receptorName}&layout=med`),
    () => timeStock(browser, stockBase, receptorName),
  ]);
  const mpx = (n: number) => (n / 1e6).toFixed(2);
  return [
    receptorName,
    residues(s.receptor),
    m!.toFixed(0),
    r!.toFixed(0),
    (m! / r!).toFixed(2),
    d!.toFixed(0),
    (m! / d!).toFixed(2),
    warm.map((t) => mpx(t.pixels)).join(' / '),
  ];
}

/** Section 2: interaction computation. */
async function interactionTimes({ browser, api, projectId, stockBase, serverBase }: Bench, s: Structure) {
  const receptor = await api.upload(projectId, `${s.name}-receptor.pdb`, s.receptor);
  const ligand = await api.upload(projectId, `${s.name}-ligand.sdf`, s.ligand);
  const complexName = `${s.name}-complex.pdb`;
  const ids = [receptor.id, ligand.id];
  const {
    medians: [m, r],
    last: [medLast],
  } = await alternate<{ ms: number; count?: number }>([
    () => interactionsMedView(browser, serverBase, api.token, ids),
    async () => ({ ms: await interactionsStock(browser, stockBase, `${complexName}&layout=med`) }),
  ]);
  return [s.name, residues(s.receptor), medLast!.count ?? 0, m!.toFixed(0), r!.toFixed(0), (m! / r!).toFixed(2)];
}

/** Section 3 waits this long for 10 structures (each file's load redraws the scene). */
const RESTORE_TIMEOUT = 900_000;

/** The States panel: at 1440 wide its button is in the toolbar's More menu. */
async function openStates(page: Page): Promise<void> {
  if (await page.locator('[data-testid=state-add-name]').isVisible()) return;
  await page.waitForSelector('[data-testid=viewer-toolbar][data-busy=false]', { timeout: RESTORE_TIMEOUT });
  if (!(await page.locator('[data-testid=tb-states]').isVisible())) await page.click('[data-testid=tb-more]');
  await page.click('[data-testid=tb-states]');
  await page.waitForSelector('[data-testid=state-add-name]');
}

/** Section 3: session restore of 10 files and 5 snapshots against loading the 10 files. */
async function sessionRestore(browser: Browser, api: Api, serverBase: string) {
  const names = ['1iep_receptor.pdb', '1iep_imatinib.sdf', '1w1p_receptor.pdb', '1w1p_ligand.sdf'];
  names.push('5x72_complex.pdb', '5x72_ligand_p59.sdf', '7cnq_receptor.pdb', '7cnq_ligand.sdf');
  const files = names.map((name) => ({ name, content: readFileSync(join(SAMPLES, name), 'utf8') }));
  // Two more, so there are ten: the 1W1P and 1IEP receptors again, on other chains, shifted 80 Å.
  files.push({ name: '1w1p_receptor_b.pdb', content: replicate(files[2]!.content, 2).split('TER\n')[1]! });
  files.push({ name: '1iep_receptor_b.pdb', content: replicate(files[0]!.content, 2).split('TER\n')[1]! });
  const { id: projectId } = await api.call<{ id: number }>('POST', '/v1/projects/new', {
    project_name: 'Bench state',
  });
  const ids: number[] = [];
  for (const f of files) ids.push((await api.upload(projectId, f.name, f.content)).id);

  const context = await browser.newContext({ viewport: VIEWPORT, baseURL: serverBase });
  await context.addInitScript((t) => localStorage.setItem('token', t), api.token);
  try {
    const page = await context.newPage();
    await page.goto(`/?project=${projectId}`);
    await page.waitForSelector('[data-testid=med-view][data-state=ready]', { timeout: RESTORE_TIMEOUT });
    // The user's way of loading them: each file's In button in turn, in the same window (one run).
    const start = performance.now();
    for (const id of ids) {
      await page.click(`[data-testid=entry-in-${id}]`);
      await page.waitForSelector(`[data-testid=entry-in-${id}][data-state=shown]`, { timeout: RESTORE_TIMEOUT });
    }
    await untilDrawn(page, workspaceDrawn, ids.length, RESTORE_TIMEOUT);
    const inButtons = performance.now() - start;
    for (let i = 1; i <= 5; i++) {
      await openStates(page);
      await page.fill('[data-testid=state-add-name]', `View ${i}`);
      await page.click('[data-testid=state-add-submit]');
      await page.waitForSelector(`[data-testid="state-row-View ${i}"]`);
    }
    await openStates(page);
    await page.click('[data-testid=state-sync-now]');
    await page.waitForSelector('[data-testid=state-sync][data-sync=synced]', { timeout: 120_000 });
    const session = await page.request.head(`/v1/projects/${projectId}/viewer/session`, {
      headers: { token: api.token },
    });
    const bytes = Number(session.headers()['content-length'] ?? 0);

    const load: number[] = [];
    const fromServer: number[] = [];
    const fromCache: number[] = [];
    const pixels = [0, 0];
    const restore = async (target: Page, reload: boolean) => {
      const start = performance.now();
      if (reload) await target.reload();
      else await target.goto(`${serverBase}/?project=${projectId}`);
      await untilDrawn(target, workspaceDrawn, ids.length, RESTORE_TIMEOUT);
      const ms = performance.now() - start;
      pixels[1] = await canvasPixels(target);
      return ms;
    };
    // No warm-up run: each of these takes minutes; the workspace above warmed the server.
    for (let round = 0; round < ROUNDS; round++) {
      const loaded = await timeMedView(browser, serverBase, api.token, ids, RESTORE_TIMEOUT);
      load.push(loaded.ms);
      pixels[0] = loaded.pixels;
      // A browser without the local cache: the session comes from the server.
      fromServer.push(await withToken(browser, api.token, (fresh) => restore(fresh, false)));
      fromCache.push(await restore(page, true));
    }
    return {
      bytes,
      pixels,
      inButtons,
      load: median(load),
      fromServer: median(fromServer),
      fromCache: median(fromCache),
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  ensureWebBuilt();
  const small: Structure = {
    name: '1w1p',
    receptor: readFileSync(join(SAMPLES, '1w1p_receptor.pdb'), 'utf8'),
    ligand: readFileSync(join(SAMPLES, '1w1p_ligand.sdf'), 'utf8'),
  };
  const large: Structure = {
    name: '7cnq-x3',
    receptor: replicate(readFileSync(join(SAMPLES, '7cnq_receptor.pdb'), 'utf8'), 3),
    ligand: readFileSync(join(SAMPLES, '7cnq_ligand.sdf'), 'utf8'),
  };
  const stockFiles: Record<string, string> = {};
  for (const s of [small, large]) {
    stockFiles[`${s.name}.pdb`] = s.receptor;
    stockFiles[`${s.name}-complex.pdb`] = complexPdb(s.receptor, s.ligand);
  }
  const server = await startServer();
  const stock = await serveStock(stockFiles);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const api = new Api(server.base);
    await signUp(api, server.outbox, 'viewer-bench@example.org');
    const { id } = await api.call<{ id: number }>('POST', '/v1/projects/new', { project_name: 'Viewer bench' });
    const bench: Bench = { browser, api, projectId: id, stockBase: stock.base, serverBase: server.base };
    console.log(
      `bench:viewer: ${ROUNDS} rounds (medians), Chromium ${browser.version()} (SwiftShader), ${VIEWPORT.width}x${VIEWPORT.height}`,
    );
    if (SECTIONS.has('1')) {
      console.log('\n1. Time to first frame, from navigation');
      const w1 = [14, 8, 11, 13, 18, 16, 10, 26];
      const head = [
        'structure',
        'residues',
        'Med View ms',
        'stock Mol* ms',
        'ratio (goal <= 1.2)',
        'stock, own layout',
        'ratio',
        'canvas Mpx Med/stock/own',
      ];
      console.log(row(head, w1));
      for (const s of [small, large]) console.log(row(await firstFrame(bench, s), w1));
    }
    if (SECTIONS.has('2')) {
      console.log('\n2. Interactions, from the click to the contacts drawn (Med View: pocket; stock: whole structure)');
      const w2 = [10, 8, 8, 11, 13, 18];
      console.log(row(['complex', 'residues', 'contacts', 'Med View ms', 'stock Mol* ms', 'ratio (goal <= 1.2)'], w2));
      for (const s of [small, large]) {
        console.log(row(await interactionTimes(bench, s), w2));
      }
    }
    if (!SECTIONS.has('3')) return;
    console.log('\n3. Session restore: 10 files, 5 snapshots, from opening the workspace to the 10 drawn');
    const r = await sessionRestore(browser, api, server.base);
    console.log(`session default.molx: ${(r.bytes / 1024).toFixed(0)} KB`);
    const [viewerTest, workspace] = r.pixels.map((n) => (n / 1e6).toFixed(2));
    console.log(`canvas Mpx: /viewer-test ${viewerTest}, the workspace's Med View window ${workspace}`);
    console.log(`load the 10 files, workspace In buttons: ${r.inButtons.toFixed(0)} ms (one run, same window)`);
    console.log(`load the 10 files, /viewer-test:         ${r.load.toFixed(0)} ms`);
    for (const [label, ms] of [
      ['restore from the server (no cache):     ', r.fromServer],
      ['restore from the local cache (reload):  ', r.fromCache],
    ] as const) {
      const ratios = `${(ms / r.inButtons).toFixed(2)} / ${(ms / r.load).toFixed(2)}`;
      console.log(`${label}${ms.toFixed(0)} ms  ratio to In buttons / to /viewer-test ${ratios} (goal < 2)`);
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
