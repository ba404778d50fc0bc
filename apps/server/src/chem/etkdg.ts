/**
 * 3D embedding with RDKit's ETKDG, the fallback when Open Babel's --gen3d fails.
 *
 * MinimalLib (the WASM build) has no conformer generation, so this runs Debian's
 * python3-rdkit, which the setup script installs for /usr/bin/python3 (the python3
 * first on PATH may be another interpreter without it). The script is a constant of
 * ours passed with -c; molecules travel on stdin as SMILES lines, one per record.
 */

import { runProcess } from '../lib/process';
import { ChemistryError } from './errors';
import { PY_EMBED_ETKDG, pythonPath } from './python';

const SCRIPT = `
import sys
from rdkit import Chem, RDLogger
from rdkit.Chem import AllChem
RDLogger.DisableLog('rdApp.*')
${PY_EMBED_ETKDG}
out = []
for n, line in enumerate(sys.stdin.read().splitlines(), 1):
    parts = line.split(None, 1)
    if not parts:
        continue
    mol = Chem.MolFromSmiles(parts[0])
    if mol is None:
        sys.exit('line %d: RDKit cannot parse the SMILES' % n)
    mol = Chem.AddHs(mol)
    if not embed_etkdg(mol):
        sys.exit('line %d: ETKDG could not embed the molecule' % n)
    if AllChem.MMFFHasAllMoleculeParams(mol):
        AllChem.MMFFOptimizeMolecule(mol, maxIters=2000)
    else:
        AllChem.UFFOptimizeMolecule(mol, maxIters=2000)
    mol.SetProp('_Name', parts[1].strip() if len(parts) > 1 else '')
    out.append(Chem.MolToMolBlock(mol) + '$$$$\\n')
sys.stdout.write(''.join(out))
`;

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
  const python = options.python ?? pythonPath();
  const result = await runProcess(python, ['-c', SCRIPT], {
    input: `${smilesLines.join('\n')}\n`,
    timeoutMs: options.timeoutMs ?? 120_000,
  });
  if (result.spawnError || result.timedOut || result.exitCode !== 0 || result.stdout.trim() === '') {
    const why = result.spawnError?.message ?? (result.timedOut ? 'timed out' : result.stderr.trim().slice(-500));
    throw new ChemistryError('conversionFailed', `RDKit ETKDG embedding failed: ${why || 'no output'}`);
  }
  return result.stdout;
}
