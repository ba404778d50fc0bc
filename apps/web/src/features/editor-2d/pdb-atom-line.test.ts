import { describe, expect, it } from 'vitest';
import { pdbAtomLine } from './pdb-atom-line';

const atom = {
  serial: 7,
  name: 'C1',
  resName: 'LIG',
  chain: 'A',
  seq: 401,
  insCode: '',
  x: 1.5,
  y: -22.25,
  z: 103.125,
  element: 'C',
};

describe('a HETATM record for the preview', () => {
  it("puts every field in PDB's columns", () => {
    const line = pdbAtomLine(atom);
    expect(line.slice(0, 6)).toBe('HETATM');
    expect(line.slice(6, 11)).toBe('    7');
    expect(line.slice(12, 16)).toBe(' C1 ');
    expect(line.slice(17, 20)).toBe('LIG');
    expect(line.slice(21, 22)).toBe('A');
    expect(line.slice(22, 26)).toBe(' 401');
    expect(line.slice(30, 38)).toBe('   1.500');
    expect(line.slice(38, 46)).toBe(' -22.250');
    expect(line.slice(46, 54)).toBe(' 103.125');
    expect(line.slice(76, 78)).toBe(' C');
  });

  it('keeps four-character names from column 13 and two-letter elements right-aligned', () => {
    const line = pdbAtomLine({ ...atom, name: 'CL12', element: 'Cl', chain: '', insCode: 'B' });
    expect(line.slice(12, 16)).toBe('CL12');
    expect(line.slice(21, 22)).toBe(' ');
    expect(line.slice(26, 27)).toBe('B');
    expect(line.slice(76, 78)).toBe('CL');
  });
});
