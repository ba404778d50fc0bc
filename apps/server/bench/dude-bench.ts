/**
 * DUD-E benchmark (`npm run bench:dude`): a library of real actives and decoys screened
 * against a real target through the platform's SCREENING job, end to end: uploaded, docked,
 * ranked, pose-checked, its enrichment computed by the server and exported, while the
 * server is killed (SIGKILL) and started again mid-screen.
 *
 *   npm run bench:dude -- [--actives 88] [--decoys 1912] [--seed 42] [--exhaustiveness 8]
 *                         [--kills 0] [--top 100] [--out DIR]
 *
 * The data (bench/data/dude-hs90a, sources and licences in its SOURCES.md): DUD-E's HSP90α
 * set (hs90a: 88 actives, 4850 property-matched decoys; Mysinger et al., J. Med. Chem. 2012,
 * 55, 6582) and an HSP90α N-terminal domain structure with a purine-class inhibitor in the
 * ATP site (not DUD-E's own 1uyg receptor); the box is that ligand's, padded 5 Å each side
 * as in bench:screen. The library: `--actives` of the 88 actives and `--decoys` of the 4850
 * decoys (default 88 + 1912 = 2,000 ligands), each a subset drawn at random with `--seed`
 * (the same seed, the same molecules; a subset keeps the files' order). Actives are named by
 * their ChEMBL id, decoys by their ZINC id, as in the .ism files.
 *
 * The screen runs as a single machine runs it by default (SQLite, jobs and chunks in the
 * server: one chunk per core, Vina on one core each). `--kills K` SIGKILLs the server K times
 * at evenly spaced points of the progress (after every total/(K+1) ended ligands) and starts
 * it again on the same data directory; the server recovers the job itself, with the same
 * token and project. Then every ligand row is read through the API: each ligand of the
 * library must have exactly one row, DONE or FAILED (none lost, none twice). After each kill
 * the bench lists the dead server's programs still running and, at the end, how long they
 * ran on: the server's direct children die with it (pdeathsig), but a Vina started by a
 * chunk program finishes its docking first, sharing the CPU with the restarted server.
 *
 * How to read it:
 * - ligands/hour: ended ligands (docked or failed) over the wall time from the submission
 *   to the job's end, restarts included; "s per ligand per core" is that time spread over
 *   the chunks that ran at once.
 * - validity: of the docked ligands, how many poses pass every PoseBusters-style check, and
 *   how many fail each check (a pose may fail several).
 * - enrichment: the server's own figures (ROC AUC, EF1%, EF5%, BEDROC α 20; failed ligands
 *   rank last) next to what a random ranking gives on average (AUC 0.5, EF 1.0, BEDROC from
 *   the share of actives) and the best any ranking could give. The figures are Vina's
 *   scoring of this receptor as the pipeline runs it: the question is whether actives rank
 *   above chance. Small libraries (a few actives) give noisy figures.
 * - exactly once: the one thing here that is checked, not only measured. A ligand lost or
 *   listed twice makes the bench exit 1; anything else (slow, failures, poor enrichment) is
 *   a figure and it exits 0.
 *
 * Exports: the best `--top` poses as SDF and every docked ligand as CSV, through the export
 * call. The run's directory is temporary: with `--out DIR` both files are written there,
 * otherwise an excerpt is printed and they go with the directory.
 *
 * Wall times are only meaningful on an otherwise idle machine: the bench prints the mean
 * 1-minute load average while the screen ran. The screen itself accounts for about the
 * number of cores; well above that, other work shared the CPU and the wall time is inflated.
 * Not part of `npm test`.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Job, POSE_CHECKS, type ScreeningLigand, type ScreeningSummary } from '@medx/contract';
import { cleanupOnSignal, crystalInfo, option, Platform, type Pocket, run } from './bench-platform';

const DATA = fileURLToPath(new URL('./data/dude-hs90a/', import.meta.url));
const ACTIVES_AVAILABLE = 88;
const DECOYS_AVAILABLE = 4850;

const ACTIVES = Number(option('actives') ?? ACTIVES_AVAILABLE);
const DECOYS = Number(option('decoys') ?? 1912);
const SEED = Number(option('seed') ?? 42);
const EXHAUSTIVENESS = Number(option('exhaustiveness') ?? 8);
const KILLS = Number(option('kills') ?? 0);
const TOP = Number(option('top') ?? 100);
const OUT = option('out');
const CPU = availableParallelism();
const POLL_MS = 2000;
const PROGRESS_EVERY_S = 60;
const PAGE = 100;
const BEDROC_ALPHA = 20;

// ---------------------------------------------------------------------------
// The library.

interface Molecule {
  smiles: string;
  name: string;
  active: boolean;
}

/** DUD-E's .ism: `SMILES id` (decoys: ZINC id) or `SMILES number CHEMBLid` (actives: the ChEMBL id is the name). */
function readIsm(file: string, active: boolean): Molecule[] {
  return readFileSync(join(DATA, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const words = l.trim().split(/\s+/);
      return { smiles: words[0]!, name: words[words.length - 1]!, active };
    });
}

/** mulberry32: a small seeded generator, so a seed gives the same subset on every machine. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` of the items drawn at random (partial Fisher–Yates), in their original order. */
function subset<T>(items: T[], n: number, random: () => number): T[] {
  if (n >= items.length) return items;
  const order = items.map((_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (order.length - i));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}

const smi = (molecules: Molecule[]) => molecules.map((m) => `${m.smiles} ${m.name}\n`).join('');

// ---------------------------------------------------------------------------
// The platform (bench-platform.ts), with the screening calls of this bench.

class DudePlatform extends Platform {
  /**
   * Actives and decoys as two SMILES files with their roles (actives_file_ids,
   * decoys_file_ids) rather than one CSV with an activity column: DUD-E ships them as two
   * files, a SMILES line needs no quoting or column names, and the label comes from the
   * file, so no row can fail on an unreadable label.
   */
  submit(proteinId: number, activesId: number, decoysId: number, pocket: Pocket): Promise<{ job_id: number }> {
    return this.call('POST', '/v1/jobs/docking/library', {
      project_id: this.projectId,
      protein_id: proteinId,
      pocket,
      library: { actives_file_ids: [activesId], decoys_file_ids: [decoysId] },
      settings: { exhaustiveness: EXHAUSTIVENESS, seed: SEED, job_name: 'DUD-E hs90a bench' },
    });
  }

  /** Every ligand row of a screen, in library order, 100 a page. */
  async ligands(jobId: number): Promise<ScreeningLigand[]> {
    const all: ScreeningLigand[] = [];
    for (let page = 1; ; page++) {
      const list = await this.call<{ total: number; items: ScreeningLigand[] }>(
        'GET',
        `/v1/jobs/${jobId}/screening/ligands?limit=${PAGE}&page=${page}&sort=index`,
      );
      all.push(...list.items);
      if (list.items.length < PAGE || all.length >= list.total) return all;
    }
  }
}

/**
 * Processes still running in the bench's directory (their working directory under it): after
 * a SIGKILL, what the dead server's programs left running (the job folders are under its
 * TMPDIR, inside the directory).
 */
function programsUnder(dir: string): Leftover[] {
  const found: Leftover[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readlinkSync(`/proc/${entry}/cwd`).startsWith(dir)) continue;
      found.push({ pid: Number(entry), name: readFileSync(`/proc/${entry}/comm`, 'utf8').trim(), ranOn: null });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

// ---------------------------------------------------------------------------
// Figures.

const f = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
const mean = (xs: number[]) => (xs.length ? xs.reduce((s, v) => s + v, 0) / xs.length : Number.NaN);
const perHour = (count: number, seconds: number) => (count / Math.max(1e-9, seconds)) * 3600;
const kb = (bytes: number) => `${f(bytes / 1024)} KB`;

/** Failure reasons grouped, most frequent first: "reason (n)". */
function reasons(errors: string[]): string[] {
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e.slice(0, 160), (counts.get(e.slice(0, 160)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([e, n]) => `${n} × ${e}`);
}

/**
 * The baselines of RDKit's metrics (rdkit.ML.Scoring, which medx_chem.enrichment uses) for
 * `n` actives among `total`: a random ranking's expected value and the best possible.
 * EF at fraction x counts the actives in the first ceil(total·x) ranks; BEDROC is linear in
 * RIE, whose expectation over random rankings is exactly 1 (RDKit normalises it so).
 */
function baselines(n: number, total: number) {
  const ratio = n / total;
  const a = BEDROC_ALPHA;
  const rieMax = (1 - Math.exp(-a * ratio)) / (ratio * (1 - Math.exp(-a)));
  const rieMin = (1 - Math.exp(a * ratio)) / (ratio * (1 - Math.exp(a)));
  const bestEf = (x: number) => {
    const k = Math.ceil(total * x);
    return (Math.min(n, k) * total) / (k * n);
  };
  return {
    random: { auc: 0.5, ef1: 1, ef5: 1, bedroc: (1 - rieMin) / (rieMax - rieMin) },
    best: { auc: 1, ef1: bestEf(0.01), ef5: bestEf(0.05), bedroc: 1 },
  };
}

/** The base name a row got from the library: the server adds " (2)", " (3)" to repeated names. */
const baseName = (name: string) => name.replace(/ \(\d+\)$/, '');

/**
 * Exactly once: every ligand of the library has one row, DONE or FAILED, with its name and
 * label (compared as multisets: the check does not depend on the order the job reads files).
 */
function exactlyOnce(library: Molecule[], rows: ScreeningLigand[]) {
  const indices = new Map<number, number>();
  for (const r of rows) indices.set(r.index, (indices.get(r.index) ?? 0) + 1);
  const twice = [...indices.values()].filter((n) => n > 1).length;
  const outOfRange = [...indices.keys()].filter((i) => i < 0 || i >= library.length).length;
  const missingIndices = library.length - [...indices.keys()].filter((i) => i >= 0 && i < library.length).length;
  const notEnded = rows.filter((r) => r.status !== 'DONE' && r.status !== 'FAILED');
  const key = (name: string, active: boolean | null) => `${active}\t${name}`;
  const expected = new Map<string, number>();
  for (const m of library) expected.set(key(m.name, m.active), (expected.get(key(m.name, m.active)) ?? 0) + 1);
  let unexpected = 0;
  for (const r of rows) {
    const k = key(baseName(r.name), r.active);
    const left = expected.get(k) ?? 0;
    if (left > 0) expected.set(k, left - 1);
    else unexpected++;
  }
  const lost = [...expected.values()].reduce((s, n) => s + n, 0);
  const ok =
    rows.length === library.length &&
    twice === 0 &&
    outOfRange === 0 &&
    missingIndices === 0 &&
    notEnded.length === 0 &&
    lost === 0 &&
    unexpected === 0;
  return { ok, twice, outOfRange, missingIndices, notEnded, lost, unexpected };
}

// ---------------------------------------------------------------------------

/** A program of a killed server still running after it; `ranOn`: seconds it outlived the kill, once gone. */
interface Leftover {
  pid: number;
  name: string;
  ranOn: number | null;
}

interface Kill {
  ended: number;
  at: number;
  leftRunning: Leftover[];
  restartSeconds: number;
}

let platform: DudePlatform | null = null;

async function bench(dir: string) {
  const random = generator(SEED);
  const actives = subset(readIsm('actives_final.ism', true), ACTIVES, random);
  const decoys = subset(readIsm('decoys_final.ism', false), DECOYS, random);
  const library = [...actives, ...decoys];
  const work = join(dir, 'target');
  mkdirSync(work, { recursive: true });
  const { pocket, smiles: crystalSmiles } = crystalInfo(DATA, work);
  const receptorPdb = readFileSync(join(DATA, 'receptor.pdb'), 'utf8');
  console.log(
    `DUD-E benchmark: hs90a, ${actives.length} of ${ACTIVES_AVAILABLE} actives + ${decoys.length} of ` +
      `${DECOYS_AVAILABLE} decoys = ${library.length} ligands (seed ${SEED}), exhaustiveness ${EXHAUSTIVENESS}, ` +
      `${KILLS} kill${KILLS === 1 ? '' : 's'}, ${CPU} cores, Vina ${run('vina', ['--version'], dir).trim()}`,
  );
  console.log(
    `receptor: HSP90α N-terminal domain (bench/data/dude-hs90a/receptor.pdb); box on its ligand ` +
      `${crystalSmiles}: centre (${pocket.center_x}, ${pocket.center_y}, ${pocket.center_z}), ` +
      `${pocket.size_x}×${pocket.size_y}×${pocket.size_z} Å`,
  );

  // Chunks docked by this server, the single-machine default, whatever the shell exports.
  platform = new DudePlatform(join(dir, 'platform'), { SCREEN_CHUNKS: 'local' });
  await platform.start();
  const p = platform;
  const proteinId = await p.upload('hs90a_receptor.pdb', receptorPdb);
  const activesId = await p.upload('hs90a_actives.smi', smi(actives));
  const decoysId = await p.upload('hs90a_decoys.smi', smi(decoys));
  console.log(`uploaded: receptor file ${proteinId}, actives file ${activesId}, decoys file ${decoysId}`);

  // Kills after every total/(K+1) ended ligands.
  const thresholds = Array.from({ length: KILLS }, (_, i) => Math.ceil((library.length * (i + 1)) / (KILLS + 1)));
  const kills: Kill[] = [];
  const loads: number[] = [];
  const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 5000);
  const start = Date.now();
  const seconds = () => (Date.now() - start) / 1000;
  const { job_id: jobId } = await p.submit(proteinId, activesId, decoysId, pocket);
  console.log(`screen: job ${jobId} submitted`);
  let job: Job;
  let lastProgress = 0;
  try {
    for (;;) {
      // How long the killed servers' leftover programs run on (they share the CPU with the new server).
      for (const kill of kills) {
        for (const left of kill.leftRunning) {
          if (left.ranOn === null && !alive(left.pid)) left.ranOn = seconds() - kill.at;
        }
      }
      job = await p.call<Job>('GET', `/v1/jobs/${jobId}`);
      if (['FINISHED', 'FAILED', 'STOPPED'].includes(job.status)) break;
      const summary = await p.call<ScreeningSummary>('GET', `/v1/jobs/${jobId}/screening`).catch(() => null);
      const ended = summary ? summary.counts.DONE + summary.counts.FAILED : 0;
      if (summary && seconds() - lastProgress >= PROGRESS_EVERY_S) {
        lastProgress = seconds();
        console.log(
          `  ${f(seconds() / 60)} min: ${ended}/${library.length} ended (${summary.counts.DONE} done, ` +
            `${summary.counts.FAILED} failed), ${f(perHour(ended, seconds()))} ligands/h` +
            (summary.eta_seconds === null ? '' : `, about ${f(summary.eta_seconds / 60)} min left`),
        );
      }
      const next = thresholds[kills.length];
      if (next !== undefined && ended >= next) {
        const at = seconds();
        await p.kill();
        // What the dead server's programs left running (their folders are in our directory).
        const leftRunning = programsUnder(dir);
        const restartStart = Date.now();
        await p.restart();
        const kill = { ended, at, leftRunning, restartSeconds: (Date.now() - restartStart) / 1000 };
        kills.push(kill);
        console.log(
          `  kill ${kills.length}/${KILLS} at ${ended}/${library.length} ended (${f(at)} s): server SIGKILLed; ` +
            `${leftRunning.length ? `still running after it: ${leftRunning.map((l) => `${l.name}[${l.pid}]`).join(' ')}` : 'none of its programs left running'}; ` +
            `started again on the same data in ${f(kill.restartSeconds)} s, token and project still work`,
        );
        continue;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    clearInterval(loadTimer);
  }
  const end = job.end_time ? Date.parse(job.end_time) : Date.now();
  const wall = (end - start) / 1000;

  const rows = await p.ligands(jobId);
  const summary = await p.call<ScreeningSummary>('GET', `/v1/jobs/${jobId}/screening`);
  const log = (await p.call<{ comment: string }>('GET', `/v1/jobs/${jobId}/comment`)).comment;
  const provenance = p.provenance(jobId);
  const done = rows.filter((r) => r.status === 'DONE');
  const failed = rows.filter((r) => r.status === 'FAILED');
  const ended = done.length + failed.length;
  const parallel = provenance.parallel ?? CPU;

  console.log('');
  console.log(
    `job ${jobId} ${job.status}${job.error ? ` (${job.error})` : ''}: ${ended} ligands in ${f(wall)} s ` +
      `(${f(wall / 60)} min) → ${f(perHour(ended, wall))} ligands/hour (server's own figure ` +
      `${f(summary.per_hour ?? Number.NaN)}), ${f((wall * parallel) / Math.max(1, ended))} s per ligand per core ` +
      `(${parallel} chunks at once, ${provenance.chunk_size ?? '?'} ligands each in the last run) | load ${f(mean(loads))} on ${CPU} cores`,
  );
  console.log(`docked ${done.length}, failed ${failed.length}`);
  for (const line of reasons(failed.map((r) => r.error ?? '?')).slice(0, 8)) console.log(`   ${line}`);

  // Kills: what the job's log says about its restarts.
  if (KILLS > 0) {
    console.log('');
    console.log(
      `kills: ${kills.length} of ${KILLS} done` +
        (kills.length < KILLS ? ' (the screen ended before the later kill points)' : '') +
        (kills.length ? `, restarts took ${kills.map((k) => `${f(k.restartSeconds)} s`).join(', ')}` : ''),
    );
    const recovered = log
      .split('\n')
      .filter((l) => /stopped during this job|interrupted run|pending again|restart/i.test(l))
      .map((l) => l.trim());
    for (const line of recovered) console.log(`   job log: ${line}`);
    const leftovers = kills.flatMap((k) => k.leftRunning);
    if (leftovers.length) {
      console.log(
        `   programs of the killed servers that ran on (polled every ${POLL_MS / 1000} s): ` +
          leftovers
            .map(
              (l) =>
                `${l.name}[${l.pid}] ${l.ranOn === null ? (alive(l.pid) ? 'still running' : 'gone by the end') : `for about ${f(l.ranOn)} s`}`,
            )
            .join(', '),
      );
    }
  }

  // Exactly once.
  const once = exactlyOnce(library, rows);
  console.log('');
  console.log(
    `exactly once: ${library.length} ligands in the library, ${rows.length} rows (summary total ${summary.total}); ` +
      `${once.missingIndices} indices missing, ${once.twice} listed twice, ${once.outOfRange} out of range, ` +
      `${once.notEnded.length} not ended, ${once.lost} library ligands without a row, ${once.unexpected} rows ` +
      `not in the library → ${once.ok ? 'OK: every ligand once, DONE or FAILED' : 'VIOLATED'}`,
  );
  if (once.notEnded.length) {
    console.log(`   not ended: ${once.notEnded.map((r) => `${r.name} ${r.status}`).join(', ')}`.slice(0, 400));
  }

  // Validity.
  const valid = done.filter((r) => r.valid === true).length;
  const unchecked = done.filter((r) => r.valid === null).length;
  console.log('');
  console.log(
    `validity: ${valid} of ${done.length} docked poses pass every check (summary: ${summary.valid})` +
      (unchecked ? `, ${unchecked} without checks` : ''),
  );
  console.log(
    `   failing each check: ${POSE_CHECKS.map((c) => `${c} ${done.filter((r) => r.checks[c] === false).length}`).join(', ')}`,
  );

  // Enrichment.
  console.log('');
  const e = summary.enrichment;
  if (!e) {
    console.log(
      `enrichment: none (${summary.has_activity ? 'the server computed none' : 'the job has no activity labels'})`,
    );
  } else {
    const { random, best } = baselines(e.actives, e.actives + e.decoys);
    const row = (label: string, v: { auc: number; ef1: number; ef5: number; bedroc: number }) =>
      `   ${label.padEnd(8)} ${f(v.auc, 3).padStart(7)} ${f(v.ef1, 2).padStart(7)} ${f(v.ef5, 2).padStart(7)} ${f(v.bedroc, 3).padStart(7)}`;
    console.log(
      `enrichment (the server's, ${e.actives} actives, ${e.decoys} decoys; failed ligands rank last; BEDROC α ${BEDROC_ALPHA}):`,
    );
    console.log('            ROC AUC    EF1%    EF5%  BEDROC');
    console.log(row('screen', { auc: e.roc_auc, ef1: e.ef1, ef5: e.ef5, bedroc: e.bedroc }));
    console.log(row('random', random));
    console.log(row('best', best));
    const total = e.actives + e.decoys;
    const ranked = rows
      .filter((r) => r.active === true && r.rank !== null)
      .sort((a, b) => a.rank! - b.rank!)
      .map((r) => ({ name: r.name, rank: r.rank!, score: r.score }));
    for (const x of [0.01, 0.05]) {
      const k = Math.ceil(total * x);
      const inTop = ranked.filter((r) => r.rank <= k);
      console.log(
        `   top ${x * 100}% (ranks 1–${k} of ${total}): ${inTop.length} actives` +
          (inTop.length
            ? `: ${inTop.map((r) => `#${r.rank} ${r.name} (${f(r.score ?? Number.NaN)})`).join(', ')}`
            : ''),
      );
    }
    const ranks = ranked.map((r) => r.rank);
    const median = ranks.length ? ranks[Math.floor((ranks.length - 1) / 2)]! : Number.NaN;
    console.log(
      `   actives' median rank ${median} of ${done.length} docked (random: about ${Math.ceil(done.length / 2)}); ` +
        `${e.actives - ranked.length} actives failed to dock`,
    );
  }

  // Exports through the export call.
  console.log('');
  const sdf = await p.text('GET', `/v1/jobs/${jobId}/screening/export?format=sdf&top=${TOP}`);
  const csv = await p.text('GET', `/v1/jobs/${jobId}/screening/export?format=csv&top=${library.length}`);
  const poses = sdf.split('\n').filter((l) => l.startsWith('$$$$')).length;
  const csvRows = csv.split('\n').filter((l) => l.trim()).length - 1;
  if (OUT) {
    const out = resolve(OUT);
    mkdirSync(out, { recursive: true });
    const sdfPath = join(out, `hs90a_top${TOP}.sdf`);
    const csvPath = join(out, 'hs90a_screen.csv');
    writeFileSync(sdfPath, sdf);
    writeFileSync(csvPath, csv);
    console.log(`exports: ${sdfPath} (${poses} poses, ${kb(statSync(sdfPath).size)})`);
    console.log(`         ${csvPath} (${csvRows} docked ligands, ${kb(statSync(csvPath).size)})`);
  } else {
    console.log(
      `exports (not kept; --out DIR keeps them): top ${TOP} SDF ${poses} poses, ${kb(sdf.length)}; ` +
        `CSV ${csvRows} docked ligands, ${kb(csv.length)}. The CSV's first lines:`,
    );
    for (const line of csv.split('\n').slice(0, 4)) console.log(`   ${line.slice(0, 160)}`);
  }
  return once.ok;
}

async function main() {
  for (const [name, value, min, max] of [
    ['actives', ACTIVES, 1, ACTIVES_AVAILABLE],
    ['decoys', DECOYS, 1, DECOYS_AVAILABLE],
    ['seed', SEED, -(2 ** 31), 2 ** 32 - 1],
    ['exhaustiveness', EXHAUSTIVENESS, 1, 64],
    ['kills', KILLS, 0, 100],
    ['top', TOP, 1, 100_000],
  ] as const) {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(`--${name} must be an integer from ${min} to ${max} (got ${value})`);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'medx-dude-bench-'));
  cleanupOnSignal(async () => {
    await platform?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  let ok = true;
  try {
    ok = await bench(dir);
  } finally {
    await platform?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  // A ligand lost or listed twice is the one failure this bench reports by its exit code.
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `bench:dude failed: ${error.message}` : error);
  process.exit(1);
});
