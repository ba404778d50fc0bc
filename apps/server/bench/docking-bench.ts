/**
 * Docking benchmark (`npm run bench:docking`): redocks the complexes of ../shared/bench
 * once through the platform's API and once through the raw `vina` command line with
 * identical inputs and settings, and prints top-1 heavy-atom RMSD, success (< 2 Å),
 * wall times and the platform's overhead. Ligands start from 3D regenerated from
 * SMILES (RDKit ETKDG), so the crystal pose is not leaked; a third arm runs raw Vina
 * from the crystal conformer, the reference a good preparation should reach.
 *
 *   npm run bench:docking -- [--exhaustiveness 8] [--seed 42] [--repeat 1] [--only 1w1p,7cnq]
 *                            [--ring-conformers 4]
 *
 * With --ring-conformers N (> 1) a fourth arm, D, docks through the platform with the
 * ring_conformers setting (every ring pucker docked, best score kept): its success and
 * wall time against A show what ring conformations buy and cost.
 *
 * Exhaustiveness defaults to 8 (not the spec's 32) so all complexes finish in about
 * 30 minutes on 2 cores; wall times are only meaningful on an otherwise idle machine.
 *
 * Not part of `npm test`: it prints figures, it asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { embedSmiles } from '../src/chem/etkdg';
import { BENCH, crystalInfo, option, Platform, type Pocket, prepareRawReceptor, run } from './bench-platform';

const EXHAUSTIVENESS = Number(option('exhaustiveness') ?? 8);
const SEED = Number(option('seed') ?? 42);
/** Each of arms A and B runs this many times, alternating; the fastest wall time counts (robust to a busy machine). */
const REPEAT = Math.max(1, Number(option('repeat') ?? 1));
const ONLY = option('only')
  ?.split(',')
  .map((s) => s.trim().toLowerCase());
const CPU = availableParallelism();
const RING_CONFORMERS = Math.max(1, Number(option('ring-conformers') ?? 1));

function rmsd(reference: string, pose: string, work: string): number | string {
  const first = `${readFileSync(pose, 'utf8').split('$$$$')[0]}$$$$\n`;
  writeFileSync(join(work, 'top1.sdf'), first);
  const out = spawnSync('obrms', [reference, join(work, 'top1.sdf')], { encoding: 'utf8' });
  const match = /RMSD\s+\S+\s+([\d.]+)/.exec(out.stdout);
  return match ? Number(match[1]) : `obrms: ${(out.stderr || out.stdout).trim().slice(0, 80) || 'no match'}`;
}

const vinaSettings = (pocket: Pocket) => [
  '--scoring',
  'vina',
  ...Object.entries(pocket).flatMap(([k, v]) => [`--${k}`, String(v)]),
  '--exhaustiveness',
  String(EXHAUSTIVENESS),
  '--num_modes',
  '9',
  '--energy_range',
  '3',
  '--min_rmsd',
  '1',
  '--cpu',
  String(CPU),
  '--seed',
  String(SEED),
];

/** Raw Vina: the same preparation commands the platform runs, then vina and back to SDF. */
function rawVina(receptorPdb: string, ligandSdf: string, pocket: Pocket, work: string) {
  mkdirSync(work, { recursive: true });
  const start = performance.now();
  prepareRawReceptor(receptorPdb, work);
  writeFileSync(join(work, 'ligand.sdf'), ligandSdf);
  run('obabel', ['ligand.sdf', '-p', '7.4', '-O', 'ligand.pdbqt'], work);
  const log = run(
    'vina',
    ['--receptor', 'receptor.pdbqt', '--ligand', 'ligand.pdbqt', '--out', 'out.pdbqt', ...vinaSettings(pocket)],
    work,
  );
  run('obabel', ['out.pdbqt', '-osdf', '-O', 'out.sdf'], work);
  const seconds = (performance.now() - start) / 1000;
  const score = Number(/^\s+1\s+(-?[\d.]+)/m.exec(log)?.[1]);
  return { seconds, pose: join(work, 'out.sdf'), score };
}

// ---------------------------------------------------------------------------
// The platform (bench-platform.ts), with the docking calls of this bench.

class DockingPlatform extends Platform {
  /** Submit → FINISHED through the API; answers the wall time and the top pose. */
  async dock(proteinId: number, ligandId: number, pocket: Pocket, work: string, ringConformers = 1) {
    // Timed from the submission to the job's end_time (same machine, same clock): polling
    // then need not be fast, and a fast poll would take CPU from Vina and bias the figure.
    const start = Date.now();
    const { job_id } = await this.call<{ job_id: number }>('POST', '/v1/jobs/docking', {
      project_id: this.projectId,
      protein_id: proteinId,
      ligand_ids: [ligandId],
      pocket,
      settings: {
        exhaustiveness: EXHAUSTIVENESS,
        seed: SEED,
        num_modes: 9,
        energy_range: 3,
        min_rmsd: 1,
        retain_count: 1,
        ring_conformers: ringConformers,
      },
    });
    let job: { status: string; error: string | null; start_time: string | null; end_time: string | null };
    for (;;) {
      job = await this.call('GET', `/v1/jobs/${job_id}`);
      if (['FINISHED', 'FAILED', 'STOPPED'].includes(job.status)) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (job.status !== 'FINISHED') throw new Error(`platform job ${job.status}: ${job.error}`);
    const result = await this.call<{ items: { file_id: number; score: number }[] }>(
      'GET',
      `/v1/jobs/${job_id}/docking_result`,
    );
    const seconds = (Date.parse(job.end_time!) - start) / 1000;
    const top = result.items[0]!;
    const sdf = await fetch(`${this.base}/v1/files/${top.file_id}/download`, { headers: { token: this.token } });
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, 'top.sdf'), await sdf.text());
    return { seconds, pose: join(work, 'top.sdf'), score: top.score, timing: this.timing(job_id, seconds) };
  }

  /**
   * Where the platform's wall time went, from the job's provenance (each tool's ms) in the
   * bench's own SQLite file: Vina, the other tools, and the rest (HTTP, queue, storage, DB).
   */
  private timing(jobId: number, seconds: number): string {
    const db = new Database(join(this.dir, 'data', 'medx.sqlite'), { readonly: true });
    try {
      const row = db.prepare('SELECT provenance FROM jobs WHERE id = ?').get(jobId) as { provenance: string };
      const steps = (JSON.parse(row.provenance) as { steps: { command: string; args: string[]; ms?: number }[] }).steps;
      const sum = (pick: (s: { command: string; args: string[] }) => boolean) =>
        steps.filter(pick).reduce((total, s) => total + (s.ms ?? 0), 0) / 1000;
      const vina = sum((s) => s.args.includes('--receptor'));
      const tools = sum((s) => !s.args.includes('--receptor'));
      // The tools that took longest besides Vina, e.g. "obabel receptor_clean.pdb 1.2".
      const slowest = steps
        .filter((s) => !s.args.includes('--receptor') && (s.ms ?? 0) >= 100)
        .sort((x, y) => (y.ms ?? 0) - (x.ms ?? 0))
        .slice(0, 4)
        .map(
          (s) =>
            `${s.command.split('/').pop()} ${s.args[0] === '-m' ? s.args[1] : s.args[0]} ${((s.ms ?? 0) / 1000).toFixed(1)}`,
        );
      return (
        `vina ${vina.toFixed(1)} s, other tools ${tools.toFixed(1)} s` +
        `${slowest.length ? ` (${slowest.join(', ')})` : ''}, rest ${(seconds - vina - tools).toFixed(1)} s`
      );
    } finally {
      db.close();
    }
  }
}

// ---------------------------------------------------------------------------

interface Row {
  id: string;
  a?: number | string;
  b?: number | string;
  c?: number | string;
  ta?: number;
  tb?: number;
  tc?: number;
  sa?: number;
  sb?: number;
  /** Arm A's fastest run: Vina, other tools, the rest. */
  split?: string;
  /** Arm D (--ring-conformers). */
  d?: number | string;
  td?: number;
  sd?: number;
  note?: string;
}

const fmt = (v: number | string | undefined, digits = 2) =>
  v === undefined ? '-' : typeof v === 'number' ? v.toFixed(digits) : v.slice(0, 24);
const ok = (v: number | string | undefined) => typeof v === 'number' && v < 2;

async function main() {
  const ids = readdirSync(BENCH)
    .filter((d) => existsSync(join(BENCH, d, 'receptor.pdb')))
    .filter((d) => !ONLY || ONLY.includes(d.toLowerCase()))
    .sort();
  const dir = mkdtempSync(join(tmpdir(), 'medx-bench-'));
  const platform = new DockingPlatform(dir);
  console.log(
    `Docking benchmark: ${ids.length} complexes, exhaustiveness ${EXHAUSTIVENESS}, seed ${SEED}, repeat ${REPEAT}, ${CPU} CPUs, Vina ${run('vina', ['--version'], dir).trim()}`,
  );
  await platform.start();
  const rows: Row[] = [];
  try {
    for (const id of ids) {
      const row: Row = { id };
      rows.push(row);
      const work = join(dir, id);
      mkdirSync(work, { recursive: true });
      try {
        const receptor = readFileSync(join(BENCH, id, 'receptor.pdb'), 'utf8');
        const { smiles, pocket, crystal } = crystalInfo(id, work);
        // One ETKDG conformer from SMILES: the same file goes to both arms.
        const fromSmiles = await embedSmiles([`${smiles} ${id}_ligand`]);
        writeFileSync(join(work, 'ligand_smiles.sdf'), fromSmiles);
        const proteinId = await platform.upload(`${id}.pdb`, receptor);
        const ligandId = await platform.upload(`${id}_smiles.sdf`, fromSmiles);
        for (let r = 0; r < REPEAT; r++) {
          const b = rawVina(receptor, fromSmiles, pocket, join(work, 'raw'));
          row.tb = Math.min(row.tb ?? Infinity, b.seconds);
          row.sb = b.score;
          row.b = rmsd(crystal, b.pose, work);
          const a = await platform.dock(proteinId, ligandId, pocket, join(work, 'platform'));
          if (a.seconds < (row.ta ?? Infinity)) row.split = a.timing;
          row.ta = Math.min(row.ta ?? Infinity, a.seconds);
          row.sa = a.score;
          row.a = rmsd(crystal, a.pose, work);
        }
        if (RING_CONFORMERS > 1) {
          const d = await platform.dock(proteinId, ligandId, pocket, join(work, 'rings'), RING_CONFORMERS);
          row.td = d.seconds;
          row.sd = d.score;
          row.d = rmsd(crystal, d.pose, work);
        }
        const c = rawVina(receptor, readFileSync(crystal, 'utf8'), pocket, join(work, 'crystal'));
        row.tc = c.seconds;
        row.c = rmsd(crystal, c.pose, work);
      } catch (error) {
        row.note = (error as Error).message.split('\n')[0]!.slice(0, 160);
      }
      const overhead = row.ta && row.tb ? `${(((row.ta - row.tb) / row.tb) * 100).toFixed(1)}%` : '-';
      console.log(
        `${id.padEnd(6)} RMSD A ${fmt(row.a).padStart(6)} B ${fmt(row.b).padStart(6)} C ${fmt(row.c).padStart(6)} | ` +
          `wall A ${fmt(row.ta, 1)} s B ${fmt(row.tb, 1)} s C ${fmt(row.tc, 1)} s | overhead ${overhead} | ` +
          `score A ${fmt(row.sa, 3)} B ${fmt(row.sb, 3)}` +
          (RING_CONFORMERS > 1 ? ` | D ${fmt(row.d)} Å, ${fmt(row.sd, 3)}, ${fmt(row.td, 1)} s` : '') +
          (row.note ? ` | could not run: ${row.note}` : '') +
          (row.split ? `\n       A: ${row.split}` : ''),
      );
    }
  } finally {
    await platform.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const ran = rows.filter((r) => r.a !== undefined && r.b !== undefined);
  const rate = (k: 'a' | 'b' | 'c' | 'd') => `${ran.filter((r) => ok(r[k])).length}/${ran.length}`;
  const overheads = ran.filter((r) => r.ta && r.tb).map((r) => ((r.ta! - r.tb!) / r.tb!) * 100);
  const mean = overheads.reduce((s, v) => s + v, 0) / Math.max(1, overheads.length);
  const total = (k: 'ta' | 'tb') => ran.reduce((s, r) => s + (r[k] ?? 0), 0);
  console.log('');
  console.log(
    'A = platform API from SMILES, B = raw vina from SMILES (same input file), C = raw vina from the crystal conformer',
  );
  console.log(`success (top-1 RMSD < 2 Å): A ${rate('a')}  B ${rate('b')}  C ${rate('c')}`);
  if (RING_CONFORMERS > 1) {
    const ringTime = ran.reduce((sum, r) => sum + (r.td ?? 0), 0);
    console.log(
      `D = platform API from SMILES with ring_conformers ${RING_CONFORMERS}: success ${rate('d')}, ` +
        `wall time ${(ringTime / Math.max(1e-9, total('ta'))).toFixed(2)}× A's`,
    );
  }
  console.log(
    `overhead of A over B: mean ${mean.toFixed(1)}% per complex, ${(((total('ta') - total('tb')) / Math.max(1e-9, total('tb'))) * 100).toFixed(1)}% over the total wall time`,
  );
  const skipped = rows.filter((r) => r.note);
  if (skipped.length) console.log(`not run: ${skipped.map((r) => `${r.id} (${r.note})`).join('; ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
