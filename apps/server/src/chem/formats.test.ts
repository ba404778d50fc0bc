import { describe, expect, it } from 'vitest';
import { ChemistryError } from './errors';
import { normalizeStructureExt, type ValidationResult, validateStructure } from './formats';
import { ASPIRIN_SDF, COMPLEX_PDB, METHANOL_MOL2, MINI_CIF, pdbAtom, TWO_RECORD_SDF, WATER_XYZ } from './test-fixtures';

/** A PDB atom line as PDBQT writes it: a partial charge in columns 71-76 and an AutoDock type in 78-79. */
const pdbqtLine = (pdb: string, charge = '+0.000', type = pdb.slice(76, 78).trim()) =>
  `${pdb.slice(0, 66)}    ${charge.padStart(6)} ${type.padEnd(2)}`;

const invalid = (result: ValidationResult) => {
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result)}`);
  return result;
};

describe('extensions', () => {
  it('maps aliases and refuses non-structures', () => {
    expect(normalizeStructureExt('PDB')).toBe('pdb');
    expect(normalizeStructureExt('.mol')).toBe('sdf');
    expect(normalizeStructureExt('mmcif')).toBe('cif');
    expect(normalizeStructureExt('smiles')).toBe('smi');
    expect(normalizeStructureExt('ent')).toBe('pdb');
    expect(normalizeStructureExt('png')).toBeNull();
    expect(normalizeStructureExt('constructor')).toBeNull();
  });

  it('throws the layer error for a non-structure extension', async () => {
    await expect(validateStructure('txt', 'hello')).rejects.toBeInstanceOf(ChemistryError);
  });
});

describe('validateStructure: content that is not a file of any kind', () => {
  it('rejects empty and whitespace-only files as empty', async () => {
    expect(invalid(await validateStructure('pdb', new Uint8Array())).reason).toBe('empty');
    expect(invalid(await validateStructure('sdf', '  \n\n ')).reason).toBe('empty');
    expect(invalid(await validateStructure('smi', '')).reason).toBe('empty');
  });

  it('rejects binary bytes: NUL, invalid UTF-8, control characters', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    expect(invalid(await validateStructure('pdb', png)).reason).toBe('binary');
    const latin1 = Uint8Array.from([0x41, 0x54, 0x4f, 0x4d, 0xe9, 0xff, 0x20]);
    const bad = invalid(await validateStructure('sdf', latin1));
    expect(bad.reason).toBe('binary');
    expect(bad.detail).toMatch(/UTF-8/);
    expect(invalid(await validateStructure('xyz', 'abc\u0001\u0002def')).reason).toBe('binary');
  });

  it('accepts a BOM, CRLF line endings and a trailing Ctrl-Z', async () => {
    const dos = `\ufeff${COMPLEX_PDB.replace(/\n/g, '\r\n')}\u001a`;
    expect(await validateStructure('pdb', Buffer.from(dos, 'utf8'))).toEqual({ ok: true, atoms: 19, molecules: 1 });
  });
});

describe('validateStructure: PDB and PDBQT', () => {
  it('counts atom records and models', async () => {
    expect(await validateStructure('pdb', COMPLEX_PDB)).toEqual({ ok: true, atoms: 19, molecules: 1 });
    const atom = pdbAtom({
      serial: 1,
      name: ' C1',
      resName: 'LIG',
      chain: 'A',
      resSeq: 1,
      x: 1,
      y: 2,
      z: 3,
      element: 'C',
    });
    const models = ['MODEL        1', atom, 'ENDMDL', 'MODEL        2', atom, 'ENDMDL', 'END'].join('\n');
    expect(await validateStructure('pdb', models)).toEqual({ ok: true, atoms: 2, molecules: 2 });
    const typed = models.replaceAll(atom, pdbqtLine(atom));
    expect(await validateStructure('pdbqt', typed)).toEqual({ ok: true, atoms: 2, molecules: 2 });
  });

  it('rejects a PDB without ATOM/HETATM records', async () => {
    const result = invalid(await validateStructure('pdb', 'HEADER    NOTHING\nREMARK   1 no atoms\nEND\n'));
    expect(result.reason).toBe('noAtoms');
  });

  it('rejects unparsable coordinate columns, naming the line and column', async () => {
    const lines = COMPLEX_PDB.split('\n');
    lines[3] = `${lines[3]!.slice(0, 38)}  12.x4 ${lines[3]!.slice(46)}`;
    const result = invalid(await validateStructure('pdb', lines.join('\n')));
    expect(result.reason).toBe('malformed');
    expect(result.detail).toMatch(/line 4: y coordinate \(columns 39-46\) is '12.x4'/);
  });

  it('rejects a whitespace-separated "PDB" whose numbers are not in the coordinate columns', async () => {
    const result = invalid(await validateStructure('pdb', 'ATOM 1 CA ALA A 1 1.0 2.0 3.0 1.00 0.00 C\n'));
    expect(result.reason).toBe('malformed');
  });

  it('calls a file cut inside its last atom record truncated', async () => {
    const cut = COMPLEX_PDB.slice(0, COMPLEX_PDB.indexOf(' 1.460   0.000'));
    expect(invalid(await validateStructure('pdb', cut)).reason).toBe('truncated');
  });
});

describe('validateStructure: SDF / MOL', () => {
  it('accepts single and multi-record files', async () => {
    expect(await validateStructure('sdf', ASPIRIN_SDF)).toEqual({ ok: true, atoms: 13, molecules: 1 });
    expect(await validateStructure('mol', ASPIRIN_SDF.replace('$$$$\n', ''))).toEqual({
      ok: true,
      atoms: 13,
      molecules: 1,
    });
    expect(await validateStructure('sdf', TWO_RECORD_SDF)).toEqual({ ok: true, atoms: 5, molecules: 2 });
  });

  it('rejects a record cut off in its atom block as truncated', async () => {
    const cut = ASPIRIN_SDF.split('\n').slice(0, 10).join('\n');
    const result = invalid(await validateStructure('sdf', cut));
    expect(result.reason).toBe('truncated');
    expect(result.detail).toMatch(/declares 13 atoms/);
  });

  it("rejects a record without 'M  END'", async () => {
    const ended = invalid(await validateStructure('sdf', ASPIRIN_SDF.slice(0, ASPIRIN_SDF.indexOf('M  END'))));
    expect(ended.reason).toBe('truncated');
    expect(ended.detail).toMatch(/lacks 'M {2}END'/);
    // Data items follow the bonds directly: the molfile part is not closed.
    const withData = invalid(await validateStructure('sdf', ASPIRIN_SDF.replace('M  END\n', '')));
    expect(withData.reason).toBe('malformed');
    expect(withData.detail).toMatch(/before the record's 'M {2}END'/);
  });

  it('rejects counts lines that disagree with the blocks', async () => {
    // Declares 14 atoms: the first bond line is read where atom 14 should be.
    const more = invalid(await validateStructure('sdf', ASPIRIN_SDF.replace(' 13 13  0', ' 14 13  0')));
    expect(more.reason).toBe('malformed');
    expect(more.detail).toMatch(/declares 14 atoms/);
    // Declares 12 atoms: the 13th atom line is read as a bond.
    const fewer = invalid(await validateStructure('sdf', ASPIRIN_SDF.replace(' 13 13  0', ' 12 13  0')));
    expect(fewer.reason).toBe('malformed');
    // Declares 12 bonds: the 13th bond line sits where properties belong.
    const bonds = invalid(await validateStructure('sdf', ASPIRIN_SDF.replace(' 13 13  0', ' 13 12  0')));
    expect(bonds.reason).toBe('malformed');
  });

  it('rejects a bond to an atom that does not exist, and a second record that is broken', async () => {
    const result = invalid(await validateStructure('sdf', ASPIRIN_SDF.replace(' 10  5  1  0', ' 10 15  1  0')));
    expect(result.detail).toMatch(/atoms 10 and 15/);
    const second = invalid(await validateStructure('sdf', TWO_RECORD_SDF.replace(/M {2}END\n> <id>\n2/, '> <id>\n2')));
    expect(second.detail).toMatch(/^record 2:/);
  });

  it('validates V3000 blocks against their counts', async () => {
    const v3000 = [
      'ethanol',
      '  test',
      '',
      '  0  0  0     0  0            999 V3000',
      'M  V30 BEGIN CTAB',
      'M  V30 COUNTS 3 2 0 0 0',
      'M  V30 BEGIN ATOM',
      'M  V30 1 C 0 0 0 0',
      'M  V30 2 C 1.5 0 0 0',
      'M  V30 3 O 2 1.4 0 0',
      'M  V30 END ATOM',
      'M  V30 BEGIN BOND',
      'M  V30 1 1 1 2',
      'M  V30 2 1 2 3',
      'M  V30 END BOND',
      'M  V30 END CTAB',
      'M  END',
    ].join('\n');
    expect(await validateStructure('sdf', v3000)).toEqual({ ok: true, atoms: 3, molecules: 1 });
    expect(invalid(await validateStructure('sdf', v3000.replace('COUNTS 3 2', 'COUNTS 4 2'))).reason).toBe('malformed');
    expect(invalid(await validateStructure('sdf', v3000.replace('M  END', ''))).reason).toBe('truncated');
  });

  it('rejects text that has no counts line', async () => {
    expect(invalid(await validateStructure('sdf', 'just a title\nand a line\n')).reason).toBe('truncated');
    expect(invalid(await validateStructure('sdf', 'a\nb\nc\nnot counts\nM  END\n')).reason).toBe('malformed');
  });
});

describe('validateStructure: MOL2', () => {
  it('accepts complete molecules', async () => {
    expect(await validateStructure('mol2', METHANOL_MOL2)).toEqual({ ok: true, atoms: 2, molecules: 1 });
    expect(await validateStructure('mol2', METHANOL_MOL2 + METHANOL_MOL2)).toEqual({
      ok: true,
      atoms: 4,
      molecules: 2,
    });
  });

  it('rejects a MOL2 without an atom section', async () => {
    const noAtoms = METHANOL_MOL2.slice(0, METHANOL_MOL2.indexOf('@<TRIPOS>ATOM'));
    expect(invalid(await validateStructure('mol2', noAtoms)).reason).toBe('noAtoms');
    expect(invalid(await validateStructure('mol2', 'hello\nworld\n')).reason).toBe('noAtoms');
  });

  it('rejects a MOL2 cut short in the atom block as truncated', async () => {
    const cut = METHANOL_MOL2.slice(0, METHANOL_MOL2.indexOf('      2 O1'));
    const result = invalid(await validateStructure('mol2', cut));
    expect(result.reason).toBe('truncated');
    expect(result.detail).toMatch(/declares 2 atoms, the @<TRIPOS>ATOM block has 1/);
    const midLine = METHANOL_MOL2.slice(0, METHANOL_MOL2.indexOf('1.4000'));
    expect(invalid(await validateStructure('mol2', midLine)).reason).toBe('truncated');
  });

  it('rejects an atom block shorter than its count when a section follows', async () => {
    const short = METHANOL_MOL2.replace(' 2 1 1 0 0', ' 3 1 1 0 0');
    expect(invalid(await validateStructure('mol2', short)).reason).toBe('malformed');
  });

  it('rejects a missing or short bond block', async () => {
    const withoutBonds = METHANOL_MOL2.slice(0, METHANOL_MOL2.indexOf('@<TRIPOS>BOND'));
    expect(invalid(await validateStructure('mol2', withoutBonds)).reason).toBe('truncated');
    const twoBonds = METHANOL_MOL2.replace(' 2 1 1 0 0', ' 2 2 1 0 0');
    expect(invalid(await validateStructure('mol2', twoBonds)).reason).toBe('truncated');
  });
});

describe('validateStructure: XYZ', () => {
  it('accepts single and multi-frame files', async () => {
    expect(await validateStructure('xyz', WATER_XYZ)).toEqual({ ok: true, atoms: 3, molecules: 1 });
    expect(await validateStructure('xyz', WATER_XYZ + WATER_XYZ)).toEqual({ ok: true, atoms: 6, molecules: 2 });
  });

  it('rejects a count line larger than the atoms that follow as truncated', async () => {
    const result = invalid(await validateStructure('xyz', WATER_XYZ.replace(/^3/, '4')));
    expect(result.reason).toBe('truncated');
    expect(result.detail).toMatch(/declares 4 atoms, only 3/);
  });

  it('rejects a count line smaller than the atoms that follow as malformed', async () => {
    const result = invalid(await validateStructure('xyz', WATER_XYZ.replace(/^3/, '2')));
    expect(result.reason).toBe('malformed');
    expect(result.detail).toMatch(/follows the 2 atoms/);
  });

  it('rejects a file that does not start with a count, and bad atom lines', async () => {
    expect(invalid(await validateStructure('xyz', 'water\nO 0 0 0\n')).reason).toBe('malformed');
    expect(invalid(await validateStructure('xyz', WATER_XYZ.replace('H 0.000 0.757', 'H zero 0.757'))).reason).toBe(
      'malformed',
    );
  });
});

describe('validateStructure: SMILES', () => {
  it('accepts one molecule per line with optional names and comments', async () => {
    const text = '# library\nCCO ethanol\n\nc1ccccc1 benzene\nCC(=O)[O-].[Na+]\n';
    expect(await validateStructure('smi', text)).toEqual({ ok: true, atoms: 3 + 6 + 5, molecules: 3 });
  });

  it('rejects a line RDKit cannot parse, naming the line and RDKit’s reason', async () => {
    const result = invalid(await validateStructure('smi', 'CCO ethanol\nC1CC(C ring\n'));
    expect(result.reason).toBe('malformed');
    expect(result.detail).toMatch(/^line 2: RDKit cannot parse 'C1CC\(C'/);
    expect(invalid(await validateStructure('smi', 'c1cccc1\n')).reason).toBe('malformed'); // can't kekulize
    expect(invalid(await validateStructure('smi', '{"molecules":[]}\n')).reason).toBe('malformed');
  });

  it('rejects a file of comments only as empty', async () => {
    expect(invalid(await validateStructure('smi', '# nothing here\n')).reason).toBe('empty');
  });
});

describe('validateStructure: mmCIF', () => {
  it('accepts an _atom_site loop with quoted values', async () => {
    expect(await validateStructure('cif', MINI_CIF)).toEqual({ ok: true, atoms: 2, molecules: 1 });
  });

  it('rejects a CIF without an _atom_site loop', async () => {
    const result = invalid(await validateStructure('cif', 'data_X\n_cell.length_a 10\n'));
    expect(result.reason).toBe('noAtoms');
  });

  it('rejects a loop cut mid-row and non-numeric coordinates', async () => {
    const cut = MINI_CIF.slice(0, MINI_CIF.indexOf('2.000 3.000 1\n#'));
    expect(invalid(await validateStructure('cif', cut)).reason).toBe('truncated');
    expect(invalid(await validateStructure('cif', MINI_CIF.replace('2.460', '?'))).reason).toBe('malformed');
    expect(invalid(await validateStructure('cif', 'loop_\n_atom_site.id\n1\n')).reason).toBe('malformed');
  });
});

describe('validateStructure: PDB text named .pdbqt (issue 9)', () => {
  it('refuses a PDB without PDBQT columns, saying it is PDB, not PDBQT', async () => {
    const result = invalid(await validateStructure('pdbqt', COMPLEX_PDB));
    expect(result.reason).toBe('malformed');
    expect(result.detail).toMatch(
      /^line 3: this is PDB, not PDBQT: no atom record has the partial charge \(columns 71-76\)/,
    );
    // The same text as .pdb is fine.
    expect((await validateStructure('pdb', COMPLEX_PDB)).ok).toBe(true);
  });

  it('accepts real PDBQT (any AutoDock type: an unknown one is Vina’s to refuse) and names a line that lacks the columns', async () => {
    const lines = COMPLEX_PDB.split('\n').filter((l) => /^(ATOM|HETATM)/.test(l));
    const pdbqt = lines.map((l) => pdbqtLine(l, '-0.250')).join('\n');
    expect(await validateStructure('pdbqt', pdbqt)).toMatchObject({ ok: true, atoms: lines.length });
    expect((await validateStructure('pdbqt', pdbqtLine(lines[0]!, '+0.000', 'Xx'))).ok).toBe(true);
    const mixed = [pdbqtLine(lines[0]!), lines[1], pdbqtLine(lines[2]!)].join('\n');
    const result = invalid(await validateStructure('pdbqt', mixed));
    expect(result.detail).toBe(
      'line 2: atom record without the partial charge (columns 71-76) and AutoDock atom type (columns 78-79) of PDBQT',
    );
  });
});

describe('validateStructure: absurd coordinates are refused with their line (issue 9)', () => {
  const atom = (x: number | string) =>
    pdbAtom({ serial: 1, name: ' C1', resName: 'LIG', chain: 'A', resSeq: 1, x: 0, y: 0, z: 0, element: 'C' }).replace(
      '   0.000   0.000   0.000',
      `${String(x).padStart(8)}   0.000   0.000`,
    );

  it('PDB and PDBQT: beyond ±10000 Å, written in any notation', async () => {
    for (const x of ['   1e308', '  -1e308', '1.0e+300', '   1e5  ', '10000.01']) {
      const result = invalid(await validateStructure('pdb', `REMARK\n${atom(x)}\n`));
      expect(result.detail).toBe(
        `line 2: x coordinate (columns 31-38) is ${x.trim()}, beyond ±10000 Å, further than any structure reaches`,
      );
      expect(invalid(await validateStructure('pdbqt', `${pdbqtLine(atom(x))}\n`)).detail).toMatch(
        /^line 1: x coordinate/,
      );
    }
    // PDB's columns hold -999.999 to 9999.999: all of it is fine.
    expect((await validateStructure('pdb', `${atom('9999.999')}\n${atom('-999.999')}\n`)).ok).toBe(true);
  });

  it('SDF (V2000 fixed columns, drifted columns, V3000)', async () => {
    const lines = ASPIRIN_SDF.split('\n');
    lines[6] = `${'1e308'.padStart(10)}${lines[6]!.slice(10)}`;
    expect(invalid(await validateStructure('sdf', lines.join('\n'))).detail).toBe(
      'line 7: x coordinate 1e308 is beyond ±10000 Å, further than any structure reaches',
    );
    const drifted = ASPIRIN_SDF.replace('   -2.6987   -0.2818    0.0000 C', '  -2.6987  -0.2818  -123456.5 C');
    expect(invalid(await validateStructure('sdf', drifted)).detail).toMatch(
      /^line 6: z coordinate -123456.5 is beyond/,
    );
    const v3000 = [
      'one',
      '',
      '',
      '  0  0  0     0  0            999 V3000',
      'M  V30 BEGIN CTAB',
      'M  V30 COUNTS 1 0 0 0 0',
      'M  V30 BEGIN ATOM',
      'M  V30 1 C 0 2e300 0 0',
      'M  V30 END ATOM',
      'M  V30 END CTAB',
      'M  END',
    ].join('\n');
    expect(invalid(await validateStructure('sdf', v3000)).detail).toMatch(/^line 8: y coordinate 2e300 is beyond/);
    expect(invalid(await validateStructure('sdf', v3000.replace('2e300', 'abc'))).detail).toMatch(
      /^line 8: y coordinate 'abc' is not a number/,
    );
  });

  it('MOL2, XYZ and mmCIF', async () => {
    const mol2 = METHANOL_MOL2.replace('1.4000    0.0000    0.0000 O.3', '1.4000    0.0000    -1e20 O.3');
    expect(invalid(await validateStructure('mol2', mol2)).detail).toMatch(/^line 9: z coordinate -1e20 is beyond/);
    const xyz = WATER_XYZ.replace('H 0.000 0.757 -0.467', 'H 0.000 1e308 -0.467');
    expect(invalid(await validateStructure('xyz', xyz)).detail).toMatch(/^line 4: y coordinate 1e308 is beyond/);
    const cif = MINI_CIF.replace('ATOM 2 C "CA" ALA 2.460', 'ATOM 2 C "CA" ALA 2.46e9');
    expect(invalid(await validateStructure('cif', cif)).detail).toMatch(
      /^line 16: _atom_site row 2: coordinate 2.46e9/,
    );
  });
});
