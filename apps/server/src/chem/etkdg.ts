/**
 * 3D embedding with RDKit's ETKDG, the fallback when Open Babel's --gen3d fails.
 *
 * MinimalLib (the WASM build) has no conformer generation, so this runs Debian's
 * python3-rdkit through the program medx_chem.embed_smiles (chem/python.ts), request
 * on stdin and answer on stdout: an HTTP conversion has no job directory for files.
 */

import { ChemistryError } from './errors';
import { runPython } from './python';

export interface EtkdgOptions {
  /** Interpreter with RDKit; default /usr/bin/python3 (or MEDX_PYTHON). */
  python?: string;
  timeoutMs?: number;
}

/**
 * One ETKDGv3 conformer (seed 42, then MMFF94 or UFF minimisation) with explicit
 * hydrogens per SMILES, as SDF records titled with the name after the SMILES.
 */
export async function embedSmiles(smilesLines: readonly string[], options: EtkdgOptions = {}): Promise<string> {
  const result = await runPython('embed_smiles', '-', '-', {
    input: JSON.stringify({ lines: smilesLines }),
    timeoutMs: options.timeoutMs ?? 120_000,
    python: options.python,
  });
  let sdf = '';
  if (!result.spawnError && !result.timedOut && result.exitCode === 0) {
    try {
      sdf = (JSON.parse(result.stdout) as { sdf: string }).sdf;
    } catch {
      // judged below as no output
    }
  }
  if (sdf.trim() === '') {
    const why = result.spawnError?.message ?? (result.timedOut ? 'timed out' : result.stderr.trim().slice(-500));
    throw new ChemistryError('conversionFailed', `RDKit ETKDG embedding failed: ${why || 'no output'}`);
  }
  return sdf;
}
