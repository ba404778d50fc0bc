/**
 * The structure-file work of the chemistry layer, run in worker threads
 * (structure-worker.ts): same names and results as formats.ts, pdb-split.ts and
 * multi-split.ts, which run it in-process. Validating a 1.7 MB PDB takes about 0.5 s
 * and a 34 MB one 7.5 s (measured here); on the event loop that is every other
 * request waiting. The chemistry index exports these, so callers need not choose.
 */
import {
  WorkerCrashError,
  WorkerPool,
  WorkerPoolBusyError,
  WorkerTimeoutError,
  workerScript,
} from '../lib/worker-pool';
import { ChemistryError } from './errors';
import { requireStructureExt, type ValidationResult } from './formats';
import type { MoleculePart } from './multi-split';
import type { ChainPart, PdbSplit } from './pdb-split';
import type { CleanReceptor } from './receptor';
import type { ChemistryFailure } from './structure-worker';

/** Longer than any file the upload limit lets through takes to read. */
const TIMEOUT_MS = 120_000;

let pool: WorkerPool | null = null;

function structures(): WorkerPool {
  pool ??= new WorkerPool({
    name: 'Structure reading',
    script: workerScript(import.meta.url, 'structure-worker'),
    timeoutMs: TIMEOUT_MS,
    maxQueue: 32,
    maxHeapMb: 2048,
  });
  return pool;
}

/** Stops the structure workers (tests, shutdown); the next call starts new ones. */
export async function closeStructureWorkers(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}

const isFailure = (value: unknown): value is ChemistryFailure =>
  typeof value === 'object' && value !== null && 'chemistryError' in value;

async function run<T>(task: string, args: unknown[]): Promise<T> {
  let value: T | ChemistryFailure;
  try {
    value = await structures().run<T | ChemistryFailure>(task, args);
  } catch (error) {
    if (error instanceof WorkerPoolBusyError) throw new ChemistryError('busy', error.message);
    if (error instanceof WorkerTimeoutError || error instanceof WorkerCrashError) {
      throw new ChemistryError('invalidInput', error.message, { cause: error });
    }
    throw error;
  }
  if (isFailure(value)) {
    const { code, detail, params } = value.chemistryError;
    throw new ChemistryError(code, detail, { params });
  }
  return value;
}

/** formats.ts validateStructure, in a worker. */
export async function validateStructure(ext: string, input: Uint8Array | string): Promise<ValidationResult> {
  // An unsupported extension is refused here, as in-process, without a worker.
  requireStructureExt(ext);
  return run('validateStructure', [ext, input]);
}

/** pdb-split.ts splitPdb, in a worker. */
export function splitPdb(text: string, baseName: string): Promise<PdbSplit> {
  return run('splitPdb', [text, baseName]);
}

/** pdb-split.ts splitChains, in a worker. */
export function splitChains(text: string, baseName: string): Promise<ChainPart[]> {
  return run('splitChains', [text, baseName]);
}

/** multi-split.ts splitMultiMolecule, in a worker. */
export function splitMultiMolecule(ext: 'sdf' | 'mol2' | 'smi', text: string): Promise<MoleculePart[]> {
  return run('splitMultiMolecule', [ext, text]);
}

/**
 * receptor.ts cleanReceptor, in a worker: 25 to 155 ms for the bench's receptors (0.3 to
 * 1.3 MB) on this machine, which a docking job would otherwise take from every request.
 */
export function cleanReceptor(text: string): Promise<CleanReceptor> {
  return run('cleanReceptor', [text]);
}

/** receptor.ts countPolymerAtoms, in a worker (40 to 80 ms for the bench's receptors). */
export function countPolymerAtoms(text: string, format: 'pdb' | 'pdbqt'): Promise<number> {
  return run('countPolymerAtoms', [text, format]);
}

/**
 * receptor.ts assembleReceptorPdbqt, in a worker: reading Open Babel's PDBQT of 7CNQ held the
 * event loop for 32 ms at each docking start (bench:api's CPU profile).
 */
export function assembleReceptorPdbqt(obabelPdbqt: string, clean: CleanReceptor): Promise<string> {
  return run('assembleReceptorPdbqt', [obabelPdbqt, clean]);
}

/** pdbqt.ts pdbqtToPdb, in a worker (an uploaded PDBQT receptor is read at each docking start). */
export function pdbqtToPdb(text: string, options: { keepHydrogens?: boolean } = {}): Promise<string> {
  return run('pdbqtToPdb', [text, options]);
}
