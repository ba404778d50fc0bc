/**
 * RDKit for the server: every call runs in a pool of worker threads (rdkit-worker.ts
 * around rdkit-mol.ts), never on the event loop. A hostile molecule can overflow the
 * WASM stack or trap inside MinimalLib, after which that module answers nothing
 * correctly; in a worker this costs the worker, which the pool replaces, and the call
 * reads as "RDKit cannot read this molecule". Every call has a time limit.
 */
import { WorkerCrashError, WorkerPool, WorkerTimeoutError, workerScript } from '../lib/worker-pool';
import { ChemistryError } from './errors';
import type { ParseOutcome } from './rdkit-mol';

export { firstSmilesToken, looksLikeMolblock } from './molecule-text';
export { getRDKit, type RDKitModule } from './rdkit-mol';

/**
 * One call's time limit. MinimalLib answers drug-sized molecules in milliseconds;
 * seconds mean a pathological input (ring systems that make aromaticity perception
 * or canonicalisation explode), which is refused rather than waited for.
 */
const CALL_TIMEOUT_MS = 10_000;

let pool: WorkerPool | null = null;

function rdkitPool(): WorkerPool {
  pool ??= new WorkerPool({
    name: 'RDKit',
    script: workerScript(import.meta.url, 'rdkit-worker'),
    timeoutMs: CALL_TIMEOUT_MS,
    maxHeapMb: 256,
  });
  return pool;
}

/** Stops the RDKit workers (tests, shutdown); the next call starts new ones. */
export async function closeRDKit(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}

/** A worker lost on this input reads as RDKit refusing it; a full pool stays an error. */
async function call<T>(task: string, args: unknown[], onLost: (reason: string) => T): Promise<T> {
  try {
    return await rdkitPool().run<T>(task, args);
  } catch (error) {
    if (error instanceof WorkerTimeoutError) {
      return onLost(`RDKit took longer than ${CALL_TIMEOUT_MS / 1000} s on this molecule and was stopped`);
    }
    // Measured: a linear chain of about 1,000 atoms overflows MinimalLib's WASM stack
    // ("memory access out of bounds"); 500 pass.
    if (error instanceof WorkerCrashError) {
      return onLost('RDKit could not process this molecule (too large or too deeply nested)');
    }
    throw error;
  }
}

/** Canonical isomeric SMILES (RDKit) of a SMILES or molblock; null when RDKit cannot read it. */
export function canonicalSmiles(input: string): Promise<string | null> {
  return call('canonicalSmiles', [input], () => null);
}

/** canonicalSmiles for SMILES perceived from coordinates (see rdkit-mol.ts). */
export function canonicalSmilesOfPerceived(smiles: string): Promise<string | null> {
  return call('canonicalSmilesOfPerceived', [smiles], () => null);
}

/** Parses a SMILES; for validation: heavy-atom count, or RDKit's error text. */
export function checkSmiles(smiles: string): Promise<{ ok: true; atoms: number } | { ok: false; error: string }> {
  return call('checkSmiles', [smiles], (reason) => ({ ok: false, error: reason }));
}

/** Canonical SMILES of the heavy-atom graph only (see rdkit-mol.ts). */
export function connectivitySmiles(input: string): Promise<string | null> {
  return call('connectivitySmiles', [input], () => null);
}

/** True when `target` is the molecule `query` describes, stereocentres included (see rdkit-mol.ts). */
export function sameMolecule(query: string, target: string): Promise<boolean> {
  return call('sameMolecule', [query, target], () => false);
}

/** SVG depiction of a SMILES or molblock. */
export async function depictSvg(smilesOrMolblock: string, width = 300, height = 200): Promise<string> {
  const outcome = await call<ParseOutcome<string>>('depiction', [smilesOrMolblock, width, height], (reason) => ({
    value: null,
    error: reason,
  }));
  if (outcome.value === null) throw new ChemistryError('invalidInput', outcome.error);
  return outcome.value;
}

/** 2D coordinates of a molblock's atoms in its order (see rdkit-mol.ts layout2d). */
export async function layout2dCoords(molblock: string): Promise<[number, number][]> {
  const outcome = await call<ParseOutcome<[number, number][]>>('layout2d', [molblock], (reason) => ({
    value: null,
    error: reason,
  }));
  if (outcome.value === null) throw new ChemistryError('invalidInput', outcome.error);
  return outcome.value;
}
