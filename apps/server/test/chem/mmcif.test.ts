import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ChemistryError } from '../../src/chem/errors';
import { mmcifToPdb } from '../../src/chem/mmcif';
import { readPdb } from '../../src/chem/readers/pdb';

const fixture = (name: string) =>
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../fixtures', name), 'utf8');

/** Record type, atom name, residue, chain, number and coordinates of every atom line. */
const records = (pdb: string) => readPdb(pdb).records[0]!.atoms.map((a) => a.text.slice(0, 6) + a.text.slice(12, 54));

describe('mmcifToPdb (gemmi)', () => {
  it('writes the entry as the PDB archive does: author numbering, HETATM for waters and MSE, same coordinates', async () => {
    const pdb = await mmcifToPdb(fixture('1a8o.cif'));
    const ours = records(pdb).map((r) => r.slice(6));
    const entry = records(fixture('1a8o.pdb'));
    expect(ours).toEqual(entry.map((r) => r.slice(6)));
    // Waters stay HETATM records (Open Babel wrote every atom as ATOM, residues numbered from 1).
    const waters = readPdb(pdb).records[0]!.atoms.filter((a) => a.resName === 'HOH');
    expect(waters).toHaveLength(88);
    expect(waters.every((a) => a.hetero)).toBe(true);
  });

  it('refuses a CIF whose _atom_site loop gemmi cannot read, with gemmi’s reason', async () => {
    const error = await mmcifToPdb('data_x\nloop_\n_atom_site.id\n1\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChemistryError);
    expect((error as ChemistryError).detail).toMatch(/^gemmi could not convert the mmCIF: .*No atoms/);
  });
});
