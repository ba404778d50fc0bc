import { describe, expect, it } from 'vitest';
import { ligandLabel, ligandPdb, pdbLigands } from './pdb-ligands';

// Fixed columns: residue name 18-20, chain 22, number 23-26, insertion code 27.
const PDB = [
  'ATOM      1  N   ALA A   1      11.104   6.134  -6.504  1.00  0.00           N',
  'ATOM      2  CA  ALA A   1      11.639   6.071  -5.147  1.00  0.00           C',
  'HETATM    3  C1  LIG A 401       1.000   2.000   3.000  1.00  0.00           C',
  'HETATM    4  O1  LIG A 401       1.500   2.500   3.500  1.00  0.00           O',
  'HETATM    5  O   HOH A 501       5.000   5.000   5.000  1.00  0.00           O',
  'HETATM    6 ZN    ZN A 601       7.000   7.000   7.000  1.00  0.00          ZN',
  'HETATM    7  C1  GOL B 402A      0.000   0.000   0.000  1.00  0.00           C',
  'CONECT    3    4    2',
  'CONECT    4    3',
  'CONECT    5    6',
  'ENDMDL',
  'HETATM    8  C1  XYZ C 900       0.000   0.000   0.000  1.00  0.00           C',
].join('\n');

describe('ligands of a PDB file', () => {
  it('lists the residues that are neither standard residues, water nor excluded ions, first model only', () => {
    const ligands = pdbLigands(PDB);
    expect(ligands.map(ligandLabel)).toEqual(['LIG A401', 'GOL B402A']);
    expect(ligands.map((l) => l.atoms)).toEqual([2, 1]);
  });

  it("writes one ligand's atoms and the CONECT records among them", () => {
    const [lig] = pdbLigands(PDB);
    const block = ligandPdb(PDB, lig?.key ?? '');
    const lines = block.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('HETATM')).map((l) => l.slice(12, 16).trim())).toEqual(['C1', 'O1']);
    // Atom 2 is not part of the ligand: dropped from the first CONECT; water's CONECT is gone.
    expect(lines.filter((l) => l.startsWith('CONECT'))).toEqual(['CONECT    3    4', 'CONECT    4    3']);
    expect(lines.at(-1)).toBe('END');
    expect(ligandPdb(PDB, 'no|such|key|X')).toBe('');
  });
});
