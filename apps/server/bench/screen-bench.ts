/**
 * Screening benchmark (`npm run bench:screen`): how fast the platform's SCREENING job docks
 * a ligand library against a plain loop over raw `vina` on the same machine, how well it
 * spreads over the cores, and how much memory the server takes on a large library.
 *
 *   npm run bench:screen -- [--n 200] [--exhaustiveness 8] [--seed 42] [--scaling 1,2,4]
 *   npm run bench:screen -- --memory 10000
 *
 * The library: the first N drug-like molecules (MW 200–450, HBD ≤ 5, HBA ≤ 10, logP ≤ 5,
 * ≤ 7 rotatable bonds, one fragment, C N O S F Cl Br P only) of the NCI compounds Debian's
 * rdkit-data installs (/usr/share/RDKit/Data/NCI/first_5K.smi), chosen by screen_library.py.
 * The target: ABL kinase of ../shared/bench/1iep, the box the crystal imatinib padded 5 Å.
 *
 * A = the platform: the library and receptor uploaded, one screen submitted through the API,
 *     timed from the submission to the job's end_time. The server runs chunks of ligands in
 *     parallel, one Vina core each (SCREEN_PARALLEL chunks, default one per core), and
 *     per ligand embeds (RDKit ETKDGv3 + MMFF), protonates, docks, restores bond orders and
 *     checks the pose. Its peak RSS is sampled every second.
 * B = the raw loop a user would write: the receptor prepared once, then one ligand at a time
 *     `obabel -:SMILES --gen3d -p 7.4` and `vina --cpu <all cores>`, same box and settings.
 *     Open Babel runs with OMP_NUM_THREADS=1, as the server runs it: with its default OpenMP
 *     pool, a --gen3d that takes 0.1 s alone took 15–30 s whenever the cores were busy
 *     (OpenMP threads spin-waiting), which would make B slow for a reason unrelated to docking.
 *
 * How to read it: ligands/hour counts the ligands that ended (docked or failed) over the wall
 * time; A/B ≥ 1 means the platform's one-core-per-ligand parallelism beats giving every core
 * to one ligand at a time, despite the extra per-ligand work it does (pose checks, bond
 * orders, contacts). Vina splits a docking into `exhaustiveness` independent runs, so on a few
 * cores its own threads are already busy and A/B stays near 1; the gap grows with the cores
 * (beyond `exhaustiveness` cores, raw Vina has nothing to give them). The scores differ per ligand because the two arms start
 * from different 3D conformers (RDKit vs Open Babel): the Pearson r and the mean difference
 * of the best scores say whether they agree on the whole.
 *
 * --scaling 1,2,4 runs A again per k with SCREEN_PARALLEL=k (a fresh server each) and
 * prints ligands/hour and efficiency = (rate_k / rate_1) / k: 1.0 is perfect scaling; k above
 * the number of cores cannot scale, the CPU is what saturates. The server first read
 * MEDX_SCREEN_PARALLEL, now SCREEN_PARALLEL: the bench sets both, and prints the chunks the
 * job really ran at once and their size (`parallel`, `chunk_size` of the job's provenance,
 * read from the bench server's SQLite file) so a setting the server ignored shows.
 *
 * --memory M is a separate mode: an M-ligand library (the drug-like selection repeated with
 * suffixed names) screened with a stub Vina that answers at once with the input as its pose,
 * so the figure is the server's memory (the ligand rows, results, paging, export), not
 * Vina's. The server's RSS (the Node process only, not its Python and Vina children) is
 * sampled every second while the screen runs and while every result is paged (100 a page),
 * the summary read and the best 10,000 exported as CSV. Target: < 500 MB. The server runs
 * from source through tsx, as for bench:docking: tsx's own memory is in the figure (idle, a
 * freshly started server measured about 210 MB this way against 130 MB for the built bundle).
 *
 * Wall times are only meaningful on an otherwise idle machine: each arm prints the machine's
 * mean 1-minute load average while it ran ("load"). The arm itself accounts for about the
 * number of cores; well above that, other work shared the CPU and the wall time is inflated.
 * Not part of `npm test`: it prints figures, it asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BENCH,
  cleanupOnSignal,
  crystalInfo,
  memoryOf,
  option,
  Platform,
  type Pocket,
  prepareRawReceptor,
  RssSampler,
  run,
} from './bench-platform';

const N = Number(option('n') ?? 200);
const EXHAUSTIVENESS = Number(option('exhaustiveness') ?? 8);
const SEED = Number(option('seed') ?? 42);
const SCALING = option('scaling')
  ?.split(',')
  .map((s) => Number(s.trim()));
const MEMORY = option('memory') === undefined ? undefined : Number(option('memory'));
const CPU = availableParallelism();
const TARGET = '1iep';
const POLL_MS = 2000;
const PAGE = 100;
const EXPORT_TOP = 10_000;
const RSS_TARGET_MB = 500;

/** The bench's own Python: the drug-like library. */
const LIBRARY_PY = fileURLToPath(new URL('./screen_library.py', import.meta.url));

interface Library {
  path: string;
  lines: { smiles: string; name: string }[];
  drugLike: number;
}

function makeLibrary(n: number, path: string, cycle: boolean): Library {
  const out = run('/usr/bin/python3', [LIBRARY_PY, String(n), path, ...(cycle ? ['--cycle'] : [])], tmpdir());
  const info = JSON.parse(out.split('\n')[0]!) as { written: number; drug_like: number };
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [smiles, name] = l.split(' ');
      return { smiles: smiles!, name: name! };
    });
  return { path, lines, drugLike: info.drug_like };
}

interface Job {
  status: string;
  error: string | null;
  start_time: string | null;
  end_time: string | null;
}
interface Summary {
  total: number;
  counts: { PENDING: number; RUNNING: number; DONE: number; FAILED: number };
  per_hour: number | null;
  best_score: number | null;
}
interface LigandItem {
  index: number;
  name: string;
  status: string;
  score: number | null;
  error: string | null;
  valid: boolean | null;
}

// ---------------------------------------------------------------------------
// The platform (bench-platform.ts), with the screening calls of this bench.

class ScreenPlatform extends Platform {
  /**
   * One screen, submission to its end (polled every 2 s), timed to the job's end_time. `every`
   * runs at each poll with the screen's summary (the progress lines).
   */
  async screen(proteinId: number, libraryId: number, pocket: Pocket, every?: (s: Summary, t: number) => void) {
    const start = Date.now();
    const { job_id } = await this.call<{ job_id: number }>('POST', '/v1/jobs/docking/library', {
      project_id: this.projectId,
      protein_id: proteinId,
      pocket,
      library: { file_ids: [libraryId] },
      settings: { exhaustiveness: EXHAUSTIVENESS, seed: SEED, job_name: 'Screen bench' },
    });
    let job: Job;
    for (;;) {
      job = await this.call<Job>('GET', `/v1/jobs/${job_id}`);
      if (['FINISHED', 'FAILED', 'STOPPED'].includes(job.status)) break;
      if (every) {
        const summary = await this.call<Summary>('GET', `/v1/jobs/${job_id}/screening`).catch(() => null);
        if (summary) every(summary, (Date.now() - start) / 1000);
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    const end = job.end_time ? Date.parse(job.end_time) : Date.now();
    return { jobId: job_id, job, seconds: (end - start) / 1000 };
  }

  /** Every ligand of a screen, in library order, 100 a page; `each` runs after every page. */
  async ligands(jobId: number, each?: () => void): Promise<LigandItem[]> {
    const all: LigandItem[] = [];
    for (let page = 1; ; page++) {
      const list = await this.call<{ total: number; items: LigandItem[] }>(
        'GET',
        `/v1/jobs/${jobId}/screening/ligands?limit=${PAGE}&page=${page}&sort=index`,
      );
      all.push(...list.items);
      each?.();
      if (list.items.length < PAGE || all.length >= list.total) return all;
    }
  }
}

/** The platform being measured now, stopped on Ctrl-C with the temporary directory. */
let current: Platform | null = null;

async function withPlatform<T>(dir: string, env: Record<string, string>, use: (p: ScreenPlatform) => Promise<T>) {
  // Chunks docked by this server (not by `medx worker` processes or Slurm), whatever the shell says.
  const platform = new ScreenPlatform(dir, { SCREEN_CHUNKS: 'local', ...env });
  current = platform;
  try {
    await platform.start();
    return await use(platform);
  } finally {
    await platform.stop();
    current = null;
  }
}

// ---------------------------------------------------------------------------

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, v) => s + v, 0) / xs.length : Number.NaN);
const perHour = (count: number, seconds: number) => (count / Math.max(1e-9, seconds)) * 3600;
const f = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '-');

function pearson(xs: number[], ys: number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** The most frequent failure reasons, "reason (n)". */
function reasons(errors: string[], top = 3): string {
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e.slice(0, 120), (counts.get(e.slice(0, 120)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([e, n]) => `${e} (${n})`)
    .join('; ');
}

interface ArmResult {
  seconds: number;
  done: number;
  failed: number;
  perHour: number;
  meanScore: number;
  /** Best score per library index, docked ligands only. */
  scores: Map<number, number>;
  errors: string[];
  peakRss?: number;
  /** Chunks the job ran at once and ligands per chunk (its provenance). */
  parallel?: number;
  chunkSize?: number;
  /** The machine's mean 1-minute load average while the arm ran. */
  load?: number;
  /** The server's own figure (GET /v1/jobs/{id}/screening per_hour), for comparison. */
  serverPerHour?: number | null;
  note?: string;
}

function progress(label: string) {
  let last = 0;
  return (s: Summary, t: number) => {
    if (t - last < 60) return;
    last = t;
    const ended = s.counts.DONE + s.counts.FAILED;
    console.log(`  ${label}: ${ended}/${s.total} ended after ${f(t / 60)} min`);
  };
}

/** Arm A: one screen through the API on a fresh server (`env` added to the server's). */
async function armA(
  dir: string,
  library: Library,
  receptorPdb: string,
  pocket: Pocket,
  env: Record<string, string>,
  label: string,
): Promise<ArmResult> {
  return withPlatform(dir, env, async (platform) => {
    const proteinId = await platform.upload(`${TARGET}.pdb`, receptorPdb);
    const libraryId = await platform.upload('library.smi', readFileSync(library.path, 'utf8'));
    const rss = new RssSampler(platform.pid!).start(1000);
    const loads: number[] = [];
    const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 5000);
    const { jobId, job, seconds } = await platform.screen(proteinId, libraryId, pocket, progress(label)).finally(() => {
      rss.stop();
      clearInterval(loadTimer);
    });
    const items = await platform.ligands(jobId);
    const summary = await platform.call<Summary>('GET', `/v1/jobs/${jobId}/screening`);
    const provenance = platform.provenance(jobId);
    const docked = items.filter((i) => i.status === 'DONE' && i.score !== null);
    const failed = items.filter((i) => i.status === 'FAILED');
    const ended = docked.length + failed.length;
    return {
      seconds,
      done: docked.length,
      failed: failed.length,
      perHour: perHour(ended, seconds),
      meanScore: mean(docked.map((i) => i.score!)),
      scores: new Map(docked.map((i) => [i.index, i.score!])),
      errors: failed.map((i) => i.error ?? '?'),
      peakRss: rss.peak,
      load: mean(loads),
      serverPerHour: summary.per_hour,
      parallel: provenance.parallel,
      chunkSize: provenance.chunk_size,
      note:
        job.status === 'FINISHED'
          ? undefined
          : `the job ended ${job.status}: ${job.error ?? 'no error given'}` +
            (ended < items.length ? ` (${items.length - ended} ligands never ended)` : ''),
    };
  });
}

/** Arm B: the raw loop, one ligand at a time with every core. */
function armB(work: string, library: Library, receptorPdb: string, pocket: Pocket): ArmResult {
  mkdirSync(work, { recursive: true });
  const start = performance.now();
  prepareRawReceptor(receptorPdb, work);
  const box = Object.entries(pocket).flatMap(([k, v]) => [`--${k}`, String(v)]);
  const scores = new Map<number, number>();
  const errors: string[] = [];
  // The loop is synchronous (no timer fires): the load is read after each program instead.
  const loads: number[] = [];
  const tail = (r: { stdout: string; stderr: string }) =>
    `${r.stdout}${r.stderr}`.trim().split('\n').slice(-2).join(' ').slice(0, 160);
  let obabelSeconds = 0;
  let vinaSeconds = 0;
  library.lines.forEach(({ smiles }, index) => {
    const t0 = performance.now();
    rmSync(join(work, 'lig.pdbqt'), { force: true });
    rmSync(join(work, 'out.pdbqt'), { force: true });
    const prep = spawnSync('obabel', [`-:${smiles}`, '--gen3d', '-p', '7.4', '-O', 'lig.pdbqt'], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, OMP_NUM_THREADS: '1' },
    });
    const t1 = performance.now();
    obabelSeconds += (t1 - t0) / 1000;
    let pdbqt = '';
    try {
      pdbqt = readFileSync(join(work, 'lig.pdbqt'), 'utf8');
    } catch {}
    if (prep.status !== 0 || !/^(ATOM|HETATM)/m.test(pdbqt)) {
      errors.push(`obabel: ${tail(prep) || 'no PDBQT'}`);
      return;
    }
    const dock = spawnSync(
      'vina',
      [
        '--receptor',
        'receptor.pdbqt',
        '--ligand',
        'lig.pdbqt',
        '--out',
        'out.pdbqt',
        '--scoring',
        'vina',
        ...box,
        '--exhaustiveness',
        String(EXHAUSTIVENESS),
        '--num_modes',
        '9',
        '--energy_range',
        '3',
        '--cpu',
        String(CPU),
        '--seed',
        String(SEED),
      ],
      { cwd: work, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    vinaSeconds += (performance.now() - t1) / 1000;
    loads.push(loadavg()[0]!);
    let out = '';
    try {
      out = readFileSync(join(work, 'out.pdbqt'), 'utf8');
    } catch {}
    const score = /^REMARK VINA RESULT:\s+(-?[\d.]+)/m.exec(out)?.[1];
    if (dock.status !== 0 || score === undefined) {
      errors.push(`vina: ${tail(dock) || 'no pose'}`);
      return;
    }
    scores.set(index, Number(score));
  });
  const seconds = (performance.now() - start) / 1000;
  return {
    seconds,
    done: scores.size,
    failed: errors.length,
    perHour: perHour(scores.size + errors.length, seconds),
    meanScore: mean([...scores.values()]),
    scores,
    errors,
    load: mean(loads),
    note: `of which obabel --gen3d ${f(obabelSeconds)} s, vina ${f(vinaSeconds)} s`,
  };
}

function printArm(label: string, r: ArmResult) {
  console.log(
    `${label}: ${r.done + r.failed} ligands in ${f(r.seconds)} s → ${f(r.perHour)} ligands/hour | ` +
      `done ${r.done}, failed ${r.failed} | mean best score ${f(r.meanScore, 3)} kcal/mol` +
      (r.peakRss === undefined ? '' : ` | server peak RSS ${f(r.peakRss)} MB`) +
      (r.load === undefined ? '' : ` | load ${f(r.load)}`) +
      (r.serverPerHour === undefined ? '' : ` | server's own per_hour ${f(r.serverPerHour ?? Number.NaN)}`),
  );
  if (r.parallel !== undefined || r.chunkSize !== undefined) {
    console.log(`   the job ran ${r.parallel ?? '?'} chunks at once, ${r.chunkSize ?? '?'} ligands each (provenance)`);
  }
  if (r.errors.length) console.log(`   failures: ${reasons(r.errors)}`);
  if (r.note) console.log(`   ${r.note}`);
}

async function compare(dir: string) {
  const work = join(dir, 'target');
  mkdirSync(work, { recursive: true });
  const receptorPdb = readFileSync(join(BENCH, TARGET, 'receptor.pdb'), 'utf8');
  const { pocket } = crystalInfo(TARGET, work);
  const library = makeLibrary(N, join(dir, 'library.smi'), false);
  console.log(
    `Screening benchmark: ${library.lines.length} drug-like NCI molecules, ${TARGET} (box ${pocket.size_x}×${pocket.size_y}×${pocket.size_z} Å), ` +
      `exhaustiveness ${EXHAUSTIVENESS}, seed ${SEED}, ${CPU} cores, Vina ${run('vina', ['--version'], dir).trim()}`,
  );
  console.log(`A: the platform's screen (SCREEN_PARALLEL unset: ${CPU} chunks at once, one Vina core each)…`);
  const a = await armA(join(dir, 'a'), library, receptorPdb, pocket, {}, 'A');
  printArm('A platform', a);
  console.log(`B: raw loop, obabel --gen3d (OMP_NUM_THREADS=1) + vina --cpu ${CPU}, one ligand at a time…`);
  const b = armB(join(dir, 'b'), library, receptorPdb, pocket);
  printArm('B raw loop', b);

  const both = [...a.scores.keys()].filter((i) => b.scores.has(i));
  const xs = both.map((i) => a.scores.get(i)!);
  const ys = both.map((i) => b.scores.get(i)!);
  console.log('');
  console.log(`A/B ligands per hour: ${f(a.perHour / b.perHour, 2)} (goal ≥ 1)`);
  console.log(
    `score agreement over ${both.length} ligands docked by both: Pearson r ${f(pearson(xs, ys), 3)}, ` +
      `mean A − B ${f(mean(xs.map((x, i) => x - ys[i]!)), 3)} kcal/mol ` +
      `(mean |A − B| ${f(mean(xs.map((x, i) => Math.abs(x - ys[i]!))), 3)})`,
  );

  if (SCALING?.length) {
    console.log('');
    console.log(
      'Scaling: arm A again with SCREEN_PARALLEL=k (and MEDX_SCREEN_PARALLEL=k) on the same library (a fresh server each)',
    );
    const rates: { k: number; r: ArmResult }[] = [];
    for (const k of SCALING) {
      const r = await armA(
        join(dir, `k${k}`),
        library,
        receptorPdb,
        pocket,
        { SCREEN_PARALLEL: String(k), MEDX_SCREEN_PARALLEL: String(k) },
        `k=${k}`,
      );
      rates.push({ k, r });
      printArm(`k=${k}`, r);
      if (r.parallel !== undefined && r.parallel !== k) {
        console.log(`   the server ran ${r.parallel} chunks at once, not ${k}: it did not take the setting`);
      }
    }
    const base = rates.find((x) => x.k === 1) ?? rates[0]!;
    console.log('');
    console.log(` k | ran | wall s   | ligands/h | efficiency (rate_k / rate_${base.k}) / (k / ${base.k})`);
    for (const { k, r } of rates) {
      const efficiency = r.perHour / base.r.perHour / (k / base.k);
      console.log(
        `${String(k).padStart(2)} | ${String(r.parallel ?? '?').padStart(3)} | ${f(r.seconds).padStart(8)} | ` +
          `${f(r.perHour).padStart(9)} | ${f(efficiency, 2)}` +
          (k > CPU ? `  (k > ${CPU} cores: cannot scale)` : ''),
      );
    }
    console.log(
      `${CPU} cores (os.availableParallelism()): k above ${CPU} cannot scale, the CPU is what saturates ` +
        '(each chunk runs Vina on one core). "ran": the chunks the job ran at once (its provenance).',
    );
  }
}

/** A Vina that does not dock: its pose is the input's atoms, its score -7.0. */
const STUB_VINA = `#!/usr/bin/python3
"""Stub Vina (bench:screen --memory): no docking, the pose is the input, the score -7.0."""
import sys

args = sys.argv[1:]
if '--version' in args:
    print('AutoDock Vina stub (bench:screen --memory, no docking)')
    sys.exit(0)


def value(flag):
    return args[args.index(flag) + 1]


with open(value('--ligand')) as source:
    atoms = [line for line in source if line.startswith(('ATOM', 'HETATM'))]
with open(value('--out'), 'w') as sink:
    sink.write('MODEL 1\\nREMARK VINA RESULT:    -7.000      0.000      0.000\\n')
    sink.writelines(atoms)
    sink.write('ENDMDL\\n')
print('   1       -7.000      0.000      0.000')
`;

async function memory(dir: string, m: number) {
  const work = join(dir, 'target');
  mkdirSync(work, { recursive: true });
  const receptorPdb = readFileSync(join(BENCH, TARGET, 'receptor.pdb'), 'utf8');
  const { pocket } = crystalInfo(TARGET, work);
  const library = makeLibrary(m, join(dir, 'library.smi'), true);
  const stub = join(dir, 'stub-vina');
  writeFileSync(stub, STUB_VINA);
  chmodSync(stub, 0o755);
  console.log(
    `Screening memory benchmark: ${library.lines.length} ligands (` +
      (m > library.drugLike
        ? `the ${library.drugLike} drug-like NCI molecules repeated with suffixed names`
        : `the first ${m} of ${library.drugLike} drug-like NCI molecules`) +
      `), ${TARGET}, ${CPU} cores.`,
  );
  console.log(
    'DOCKING IS STUBBED: MEDX_VINA points to a stub that answers at once with the input as its pose, so the ' +
      "figures are the server's memory (and its per-ligand pipeline without Vina), not Vina's.",
  );
  await withPlatform(join(dir, 'memory'), { MEDX_VINA: stub }, async (platform) => {
    const pid = platform.pid!;
    const proteinId = await platform.upload(`${TARGET}.pdb`, receptorPdb);
    const libraryId = await platform.upload('library.smi', readFileSync(library.path, 'utf8'));
    const idle = memoryOf(pid);
    const running = new RssSampler(pid).start(1000);
    const { jobId, job, seconds } = await platform
      .screen(proteinId, libraryId, pocket, progress('screen'))
      .finally(() => running.stop());
    const afterScreen = memoryOf(pid);
    const reading = new RssSampler(pid).start(1000);
    const readStart = performance.now();
    let items: LigandItem[] = [];
    let summary: Summary | null = null;
    let csv = '';
    try {
      items = await platform.ligands(jobId, () => reading.sample());
      summary = await platform.call<Summary>('GET', `/v1/jobs/${jobId}/screening`);
      reading.sample();
      csv = await platform.text('GET', `/v1/jobs/${jobId}/screening/export?format=csv&top=${EXPORT_TOP}`);
    } finally {
      reading.stop();
    }
    const readSeconds = (performance.now() - readStart) / 1000;
    const end = memoryOf(pid);
    const done = items.filter((i) => i.status === 'DONE').length;
    const failed = items.filter((i) => i.status === 'FAILED');
    console.log(
      `screen: job ${job.status}${job.error ? ` (${job.error})` : ''} in ${f(seconds)} s, ` +
        `${done} done, ${failed.length} failed, ${f(perHour(done + failed.length, seconds))} ligands/hour with docking stubbed`,
    );
    if (failed.length) console.log(`   failures: ${reasons(failed.map((i) => i.error ?? '?'))}`);
    console.log(
      `read: ${items.length} ligands paged (${Math.ceil(items.length / PAGE)} pages of ${PAGE}), summary ` +
        `(total ${summary?.total}, best ${summary?.best_score}), CSV export of the top ${EXPORT_TOP}: ` +
        `${csv.split('\n').filter((l) => l.trim()).length - 1} rows, ${f(csv.length / 1024)} KB, in ${f(readSeconds)} s`,
    );
    console.log(`server RSS (Node process only, sampled every second):`);
    console.log(`  idle before the screen      ${f(idle?.rss ?? Number.NaN)} MB`);
    console.log(`  peak while the screen ran   ${f(running.peak)} MB (${running.samples} samples)`);
    console.log(`  peak while reading results  ${f(reading.peak)} MB (${reading.samples} samples)`);
    console.log(
      `  at the end                  ${f(end?.rss ?? Number.NaN)} MB; kernel's peak (VmHWM) ${f(afterScreen?.hwm ?? Number.NaN)} MB ` +
        `after the screen, ${f(end?.hwm ?? Number.NaN)} MB at the end`,
    );
    const peak = Math.max(running.peak, reading.peak, end?.hwm ?? 0);
    console.log(
      `target: < ${RSS_TARGET_MB} MB → peak ${f(peak)} MB ${peak < RSS_TARGET_MB ? 'meets it' : 'DOES NOT meet it'}`,
    );
  });
}

async function main() {
  for (const [name, value] of [
    ['n', N],
    ['exhaustiveness', EXHAUSTIVENESS],
    ['seed', SEED],
    ...(MEMORY === undefined ? [] : [['memory', MEMORY] as const]),
    ...(SCALING ?? []).map((k) => ['scaling', k] as const),
  ] as const) {
    if (!Number.isInteger(value) || (name !== 'seed' && value < 1)) {
      throw new Error(`--${name} must be a ${name === 'seed' ? '' : 'positive '}integer (got ${value})`);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'medx-screen-bench-'));
  cleanupOnSignal(async () => {
    await current?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  try {
    if (MEMORY !== undefined) await memory(dir, MEMORY);
    else await compare(dir);
  } finally {
    await current?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `bench:screen failed: ${error.message}` : error);
  process.exit(1);
});
