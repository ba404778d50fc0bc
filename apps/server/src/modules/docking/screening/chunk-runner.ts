import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SCREENING_LIMITS, type ScreeningJobParams } from '@medx/contract';
import { pythonCommand } from '../../../chem/python';
import type { ScreeningLigandRecord } from '../../../db/schema';
import type { LigandOutcome } from './screening.repository';

/** A ligand the chunk program has reported (medx_chem/screen_chunk.py). */
export interface ChunkAnswer {
  index: number;
  ok: boolean;
  error?: string | null;
  score?: number;
  pose_sdf?: string;
  smiles?: string;
  mw?: number;
  logp?: number;
  hbd?: number;
  hba?: number;
  rotatable_bonds?: number;
  heavy_atoms?: number;
  valid?: boolean;
  checks?: Record<string, boolean>;
  details?: Record<string, string>;
  residues?: string[];
}

/** Where a screen's receptor waits for workers in object storage (SCREEN_CHUNKS=workers). */
export const stagePrefix = (jobId: number) => `screening/${jobId}`;

/** Waits `ms`, or less when the signal aborts. */
export const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Attempts at a ligand whose chunk keeps dying before reporting it: then it is failed. */
export const MAX_LIGAND_ATTEMPTS = 3;

const spaced = (words: readonly string[]) => (words.length ? ` ${words.join(' ')} ` : null);

/** The row of a reported ligand. */
export function outcomeOf(answer: ChunkAnswer): LigandOutcome {
  const properties = {
    smiles: answer.smiles ?? null,
    mw: answer.mw ?? null,
    logp: answer.logp ?? null,
    hbd: answer.hbd ?? null,
    hba: answer.hba ?? null,
    rotatable_bonds: answer.rotatable_bonds ?? null,
    heavy_atoms: answer.heavy_atoms ?? null,
  };
  if (!answer.ok || answer.score === undefined) {
    return { status: 'FAILED', error: answer.error || 'The ligand could not be docked.', ...properties };
  }
  const checks = answer.checks ?? {};
  return {
    status: 'DONE',
    error: null,
    score: answer.score,
    ...properties,
    valid: answer.valid ? 1 : 0,
    checks: JSON.stringify(checks),
    failed_checks: spaced(Object.keys(checks).filter((k) => !checks[k])),
    check_details: JSON.stringify(answer.details ?? {}),
    residues: spaced(answer.residues ?? []),
    pose_sdf: answer.pose_sdf ?? null,
  };
}

export interface ChunkRun {
  /** Holds receptor.pdbqt and receptor.pdb; the chunk's files are written here. */
  workDir: string;
  /** Base name of the chunk's files (chunk_7 → chunk_7.json, chunk_7.jsonl). */
  name: string;
  ligands: ScreeningLigandRecord[];
  params: ScreeningJobParams;
  vina: string;
  obabel: string;
  /** Runs the program to its end; throws when it fails (or is cancelled). */
  execute(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void>;
  /** Records one reported ligand (called in report order, never twice for a ligand). */
  record(answer: ChunkAnswer): Promise<void>;
}

/**
 * One chunk through `medx_chem.screen_chunk`, the same on the server (the SCREENING
 * executor) and on a worker: each ligand is recorded as the program reports it (its
 * JSON-lines file is read every half second). Answers the ligands it never reported and
 * why the program stopped, or null when it ran to its end; it never throws for the
 * program (a cancel shows as a failure: the caller knows its own signal).
 */
export async function runChunk(run: ChunkRun): Promise<{ missing: ScreeningLigandRecord[]; failure: string | null }> {
  const { workDir, name } = run;
  const results = join(workDir, `${name}.jsonl`);
  await writeFile(results, '');
  await writeFile(
    join(workDir, `${name}.json`),
    JSON.stringify({
      receptor: 'receptor.pdbqt',
      protein: 'receptor.pdb',
      box: run.params.pocket,
      settings: { ...run.params.settings, cpu: 1, num_modes: 9 },
      vina: run.vina,
      obabel: run.obabel,
      heavy_atoms_max: SCREENING_LIMITS.heavyAtomsMax,
      dir: name,
      results: `${name}.jsonl`,
      ligands: run.ligands.map((l) => ({ index: l.idx, name: l.name, format: l.source_format, source: l.source })),
    }),
  );
  const reported = new Set<number>();
  let offset = 0;
  // Reads the lines the program has completed since the last read, and records them.
  const drain = async () => {
    const handle = await open(results, 'r');
    try {
      const { size } = await handle.stat();
      if (size <= offset) return;
      const buffer = Buffer.alloc(size - offset);
      await handle.read(buffer, 0, buffer.length, offset);
      const text = buffer.toString('utf8');
      const end = text.lastIndexOf('\n');
      if (end < 0) return;
      offset += Buffer.byteLength(text.slice(0, end + 1));
      for (const line of text.slice(0, end).split('\n')) {
        if (!line.trim()) continue;
        const answer = JSON.parse(line) as ChunkAnswer;
        if (reported.has(answer.index)) continue;
        reported.add(answer.index);
        await run.record(answer);
      }
    } finally {
      await handle.close();
    }
  };
  let draining = Promise.resolve();
  const timer = setInterval(() => {
    draining = draining.then(drain).catch(() => {});
  }, 500);
  const program = pythonCommand('screen_chunk', `${name}.json`, `${name}.out.json`);
  let failure: string | null = null;
  try {
    await run.execute(program.command, program.args, program.env);
  } catch (error) {
    // The caller decides whether a stop was a cancel (its own signal) or a failure.
    failure = (error as Error).message.slice(0, 300);
  } finally {
    clearInterval(timer);
    await draining;
    // What the program wrote before it stopped is kept, also when it was killed.
    await drain().catch(() => {});
  }
  return { missing: run.ligands.filter((l) => !reported.has(l.idx)), failure };
}

/**
 * After a chunk program stopped early: the first ligand it never reported is the one it
 * died in; after MAX_LIGAND_ATTEMPTS it is failed with the reason, else it runs again with
 * the others (which never started). Answers the culprit to fail, if any.
 */
export function culpritOf(missing: ScreeningLigandRecord[]): ScreeningLigandRecord | null {
  const [first] = missing;
  return first && first.attempts >= MAX_LIGAND_ATTEMPTS ? first : null;
}

export const culpritAnswer = (ligand: ScreeningLigandRecord, failure: string | null): ChunkAnswer => ({
  index: ligand.idx,
  ok: false,
  error: `The screening program stopped on this ligand ${MAX_LIGAND_ATTEMPTS} times: ${failure ?? 'no answer'}`,
});
