import { describe, expect, it } from 'vitest';
import { readPdb } from './readers/pdb';
import { classifyResidues, isPolymer, metalAdType } from './residues';
import { type AtomSpec, pdbAtom } from './test-fixtures';

const atom = (resName: string, resSeq: number, name: string, x: number, extra: Partial<AtomSpec> = {}) =>
  pdbAtom({
    record: 'HETATM',
    serial: resSeq,
    name,
    resName,
    chain: 'A',
    resSeq,
    x,
    y: 0,
    z: 0,
    element: name.trim()[0]!,
    ...extra,
  });

function classesOf(lines: string[]) {
  const file = readPdb(lines.join('\n'));
  return [...classifyResidues(file.residues, file.modres)].map(([r, c]) => `${r.resName}:${c}`);
}

describe('classifyResidues', () => {
  it('tells every class apart', () => {
    expect(
      classesOf([
        'MODRES 1ABC XSR A    4  SER  LISTED ONLY',
        atom('ALA', 1, ' C', 0, { record: 'ATOM' }),
        // Peptide bond C(ALA 1)-N(NH2 2): a C-terminal cap of one heavy atom is polymer, not an ion.
        atom('NH2', 2, ' N', 1.33),
        atom('MSE', 3, ' CA', 10),
        atom('MSE', 3, 'SE', 11, { element: 'SE' }),
        atom('XSR', 4, ' CA', 20),
        atom('XSR', 4, ' P', 21),
        atom('DA', 5, ' P', 30, { record: 'ATOM' }),
        atom('ZN', 6, 'ZN', 40, { element: 'ZN' }),
        atom('NA', 7, 'NA', 50, { element: 'NA' }),
        atom('HOH', 8, ' O', 60),
        atom('HEM', 9, 'FE', 70, { element: 'FE' }),
        atom('HEM', 9, ' NA', 71),
        atom('LIG', 10, ' C1', 80),
        atom('LIG', 10, ' O1', 81),
        atom('HID', 11, ' CA', 90, { record: 'ATOM' }),
        atom('HID', 11, ' CB', 91, { record: 'ATOM' }),
        // A standard amino acid written as HETATM is still an amino acid.
        atom('GLY', 12, ' CA', 100),
      ]),
    ).toEqual([
      'ALA:aminoAcid',
      'NH2:modifiedResidue',
      'MSE:modifiedResidue',
      'XSR:modifiedResidue',
      'DA:nucleotide',
      'ZN:metal',
      'NA:ion',
      'HOH:water',
      'HEM:cofactor',
      'LIG:ligand',
      'HID:modifiedResidue',
      'GLY:aminoAcid',
    ]);
  });

  it('counts an atom with alt-locs once: a zinc in two positions is still one ion', () => {
    expect(
      classesOf([
        atom('ZN', 1, 'ZN', 0, { element: 'ZN', altLoc: 'A' }),
        atom('ZN', 1, 'ZN', 0.5, { element: 'ZN', altLoc: 'B' }),
      ]),
    ).toEqual(['ZN:metal']);
  });

  it('looks for peptide bonds only between neighbours of one chain', () => {
    const other = atom('XSR', 2, ' N', 1.33, { chain: 'B' });
    expect(
      classesOf([atom('ALA', 1, ' C', 0, { record: 'ATOM' }), other, atom('XSR', 2, ' P', 3, { chain: 'B' })]),
    ).toEqual(['ALA:aminoAcid', 'XSR:ligand']);
  });
});

describe('polymer classes and metal types', () => {
  it('counts amino acids, nucleotides and modified residues as the polymer', () => {
    expect(
      ['aminoAcid', 'nucleotide', 'modifiedResidue', 'metal', 'ion', 'water', 'cofactor', 'ligand'].map((c) =>
        isPolymer(c as never),
      ),
    ).toEqual([true, true, true, false, false, false, false, false]);
  });

  it('gives each kept metal the AutoDock type Vina reads (case-sensitive)', () => {
    expect(['ZN', 'MG', 'MN', 'FE', 'FE2', 'CA', 'CO', 'NI', 'CU', 'CU1', 'CD', 'NA'].map(metalAdType)).toEqual([
      'Zn',
      'Mg',
      'Mn',
      'Fe',
      'Fe',
      'Ca',
      'Co',
      'Ni',
      'Cu',
      'Cu',
      'Cd',
      null,
    ]);
  });
});
