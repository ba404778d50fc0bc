import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResult, DockingPocket, Job, ProjectFile } from '@medx/contract';
import { benchFile } from '../support/bench';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { importOk } from '../support/uploads';
import { waitUntil } from '../support/wait';

/** The crystal ligand's heavy-atom box, padded on every side (notes/docking.md: 5 Å). */
export function pocketOf(sdf: string, padding = 5): DockingPocket {
  const lines = sdf.split('\n');
  const atoms = Number.parseInt(lines[3]!.slice(0, 3), 10);
  const coords = lines
    .slice(4, 4 + atoms)
    .filter((l) => l.slice(31, 34).trim() !== 'H')
    .map((l) => [Number(l.slice(0, 10)), Number(l.slice(10, 20)), Number(l.slice(20, 30))] as const);
  const axis = (k: 0 | 1 | 2) => {
    const v = coords.map((c) => c[k]);
    return { lo: Math.min(...v), hi: Math.max(...v) };
  };
  const [x, y, z] = [axis(0), axis(1), axis(2)];
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    center_x: r((x.lo + x.hi) / 2),
    center_y: r((y.lo + y.hi) / 2),
    center_z: r((z.lo + z.hi) / 2),
    size_x: r(x.hi - x.lo + 2 * padding),
    size_y: r(y.hi - y.lo + 2 * padding),
    size_z: r(z.hi - z.lo + 2 * padding),
  };
}

/** Symmetry-aware heavy-atom RMSD of the first record of `pose` against `reference` (Open Babel's obrms). */
export function rmsd(reference: string, pose: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'medx-rmsd-'));
  try {
    writeFileSync(join(dir, 'ref.sdf'), reference);
    writeFileSync(join(dir, 'pose.sdf'), `${pose.split('$$$$')[0]}$$$$\n`);
    const run = spawnSync('obrms', ['ref.sdf', 'pose.sdf'], { cwd: dir, encoding: 'utf8' });
    const match = /RMSD\s+\S+\s+([\d.]+)/.exec(run.stdout);
    if (!match) throw new Error(`obrms gave no RMSD: ${run.stdout} ${run.stderr}`);
    return Number(match[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Canonical isomeric SMILES of every record of an SDF, heavy atoms only (Debian's RDKit). */
export function canonicalOfRecords(sdf: string): string[] {
  const script =
    'import sys\nfrom rdkit import Chem\nfor m in Chem.ForwardSDMolSupplier(sys.stdin.buffer):\n    print(Chem.MolToSmiles(Chem.RemoveHs(m)) if m is not None else "NONE")\n';
  const run = spawnSync('/usr/bin/python3', ['-c', script], { input: sdf, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim().split('\n');
}

export const isFinal = (j: Job) => ['FINISHED', 'FAILED', 'STOPPED'].includes(j.status);

/** The job once it has ended (FINISHED, FAILED or STOPPED); fails when it has not ended in `ms`. */
export async function waitForJob(t: TestApp, token: string, id: number, ms = 120_000): Promise<Job> {
  return waitUntil(async () => (await t.request<Job>('GET', `/v1/jobs/${id}`, { token })).body.data, isFinal, {
    timeoutMs: ms,
    intervalMs: 200,
    what: `job ${id} ending`,
  });
}

/** A process that still runs: exists and is not a zombie (a killed child waiting for its reaper). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

/** The command line of a process (empty when it is gone). */
export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** Vina processes whose working directory lies under `dir` (a server's private TMPDIR). */
export function vinaProcessesUnder(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (!readlinkSync(`/proc/${pid}/cwd`).startsWith(dir)) continue;
    } catch {
      continue;
    }
    if (/(^|\/)vina /.test(cmdline(pid))) pids.push(pid);
  }
  return pids;
}

/** An app with its job runner started, an owner and a project holding 7CNQ's receptor and crystal ligand. */
export async function dockingProject7cnq(
  projectName: string,
): Promise<{ t: TestApp; owner: AuthResult; projectId: number; protein: ProjectFile; ligand: ProjectFile }> {
  const t = await createTestApp();
  t.app.jobs.runner.start();
  const owner = await registerUser(t);
  const projectId = await createProject(t, owner.token, projectName);
  const protein = await importOk(t, owner.token, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
  const ligand = await importOk(t, owner.token, projectId, '7cnq_ligand.sdf', benchFile('7cnq', 'ligand.sdf'));
  return { t, owner, projectId, protein, ligand };
}
