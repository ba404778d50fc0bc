/**
 * mmCIF to PDB for the operations that work on PDB columns (Quick Prepare, pockets).
 * gemmi (Debian's `gemmi` executable: the library of python3-gemmi without Python)
 * writes the entry's own records: author chain and residue numbers, HETATM records,
 * models, B-factors. Open Babel, used before, renumbered residues from 1, wrote every
 * atom as ATOM (waters included), merged NMR models into one and took 512 s on a
 * 10-model entry that gemmi converts in 0.4 s (docs/decisions.md, "mmCIF").
 *
 * A CIF without an `_atom_site.` loop (a small-molecule CIF) is not gemmi's: it still
 * goes through Open Babel.
 */
import { DEFAULT_TIMEOUT_MS, runProcess } from '../lib/process';
import { ChemistryError } from './errors';
import { convert } from './openbabel';
import { readFiles, withTempDir, writeFiles } from './temp-dir';

const gemmi = () => process.env.MEDX_GEMMI ?? 'gemmi';

/** True for a macromolecular CIF (an `_atom_site.` category, as mmCIF and PDBx write it). */
export const isMmcif = (text: string): boolean => /^\s*_atom_site\./m.test(text);

export async function mmcifToPdb(text: string): Promise<string> {
  if (!isMmcif(text)) return convert(text, 'cif', 'pdb');
  return withTempDir(async (dir) => {
    await writeFiles(dir, { 'in.cif': text });
    // --shorten: chain names longer than the PDB's one column are shortened (when there are fewer than 63).
    const result = await runProcess(
      gemmi(),
      ['convert', '--from=mmcif', '--to=pdb', '--shorten', 'in.cif', 'out.pdb'],
      {
        cwd: dir,
        timeoutMs: DEFAULT_TIMEOUT_MS,
      },
    );
    if (result.spawnError || result.exitCode !== 0) {
      const why = result.spawnError?.message ?? (result.stderr.trim() || `exit code ${result.exitCode}`);
      throw new ChemistryError('conversionFailed', `gemmi could not convert the mmCIF: ${why.slice(0, 500)}`);
    }
    const pdb = (await readFiles(dir, ['out.pdb']))['out.pdb'];
    if (!pdb) throw new ChemistryError('conversionFailed', 'gemmi wrote no PDB');
    return pdb;
  });
}
