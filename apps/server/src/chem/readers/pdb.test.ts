import { describe, expect, it } from 'vitest';
import { COMPLEX_PDB, pdbAtom } from '../test-fixtures';
import { instanceKey, readPdb } from './pdb';
import { readPdbqt } from './pdbqt';

const gly = (serial: number, name: string, element: string, x: number) =>
  pdbAtom({ serial, name, resName: 'GLY', chain: 'A', resSeq: 1, x, y: 0, z: 0, element });

describe('readPdb', () => {
  it('reads atoms, residue instances, MODRES and LINK evidence of a file with one model', () => {
    const file = readPdb(
      `MODRES 1ABC MSE A    2  MET  SELENOMETHIONINE\nLINK         SG  CYS A  42                 C1  LIG A 201     1555   1555  1.80\n${COMPLEX_PDB}`,
    );
    expect(file.errors).toEqual([]);
    expect(file.records).toHaveLength(1);
    const [model] = file.records;
    expect(model!.index).toBe(1);
    expect(model!.residues.map((r) => `${r.resName}${r.resSeqText}`)).toEqual([
      'ALA1',
      'MSE2',
      'ZN101',
      'LIG201',
      'HOH301',
      'HOH302',
      'GLY1',
      'GOL401',
    ]);
    expect(model!.atoms[0]).toMatchObject({ element: 'N', x: 0, line: 5 });
    expect(file.modres).toEqual(new Set(['MSE|A|2|']));
    expect(file.links).toEqual([{ a: 'CYS|A|42|', aName: 'SG', b: 'LIG|A|201|', bName: 'C1' }]);
    expect(instanceKey(model!.residues[1]!)).toBe('MSE|A|2|');
  });

  it('makes one record per model, each its MODEL ... ENDMDL block', () => {
    const text = [
      'MODEL        1',
      gly(1, ' N', 'N', 0),
      'ENDMDL',
      'MODEL        2',
      gly(1, ' N', 'N', 1),
      'ENDMDL',
      'END',
      '',
    ];
    const file = readPdb(text.join('\n'));
    expect(file.records.map((r) => [r.index, r.line, r.atoms[0]!.x])).toEqual([
      [1, 1, 0],
      [2, 4, 1],
    ]);
    expect(file.records[1]!.text).toBe(`MODEL        2\n${gly(1, ' N', 'N', 1)}\nENDMDL\n`);
    expect(file.multiModel).toBe(true);
  });

  it('reads every atom line but reports bad coordinates, short lines and a cut-off end with their line', () => {
    const bad = gly(2, ' CA', 'C', 1).replace('   1.000', '   1.0x0');
    const file = readPdb(
      `${gly(1, ' N', 'N', 0)}\n${bad}\nATOM      3  C   GLY A   1      1.0\n${gly(4, ' O', 'O', 2).slice(0, 40)}`,
    );
    expect(file.records[0]!.atoms).toHaveLength(4);
    expect(file.errors.map((e) => [e.reason, e.line])).toEqual([
      ['malformed', 2],
      ['malformed', 3],
      ['truncated', 4],
    ]);
    expect(file.errors[0]!.detail).toBe("line 2: x coordinate (columns 31-38) is '1.0x0', not a number");
    expect(readPdb('REMARK nothing\n').errors).toEqual([
      { reason: 'noAtoms', line: null, detail: 'no ATOM or HETATM records in this PDB file' },
    ]);
  });
});

describe('readPdbqt', () => {
  it('takes elements from the AutoDock types and leaves glue pseudo-atoms out', () => {
    const line = (serial: number, name: string, type: string) =>
      `ATOM  ${String(serial).padStart(5)} ${name.padEnd(4)} UNL     1      -3.589   3.293  30.616  0.00  0.00    +0.000 ${type.padEnd(2)}`;
    const file = readPdbqt(
      [
        line(1, ' C', 'A'),
        line(2, ' N', 'NA'),
        line(3, ' H', 'HD'),
        line(4, 'ZN', 'Zn'),
        line(5, ' G0', 'G0'),
        '',
      ].join('\n'),
    );
    expect(file.records[0]!.atoms.map((a) => a.element)).toEqual(['C', 'N', 'H', 'ZN']);
    expect(file.records[0]!.heavyAtoms).toBe(3);
  });
});
