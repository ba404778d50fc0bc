import { describe, expect, it } from 'vitest';
import { dropExtension, isSnapshotFile, planDrop, snapshotFileName } from './drop-files';

const known = new Set(['pdb', 'cif', 'sdf', 'mol2', 'ccp4']);
const f = (name: string) => ({ name });

describe('files dropped on Med View (spec §4)', () => {
  it('opens the first snapshot file and nothing else', () => {
    const plan = planDrop([f('a.pdb'), f('state.MEDJ'), f('b.molx')], known);
    expect(plan).toEqual({ kind: 'snapshot', file: { name: 'state.MEDJ' } });
    expect(isSnapshotFile('session.molx')).toBe(true);
    expect(isSnapshotFile('session.molx.pdb')).toBe(false);
  });

  it('loads known formats and names the unsupported extensions once each', () => {
    const plan = planDrop([f('1abc.PDB'), f('map.ccp4'), f('notes.docx'), f('more.docx'), f('README')], known);
    expect(plan).toEqual({
      kind: 'open',
      files: [f('1abc.PDB'), f('map.ccp4')],
      unsupported: ['docx', ''],
    });
  });

  it('reads the extension under a .gz', () => {
    expect(dropExtension('1abc.cif.gz')).toBe('cif');
    expect(dropExtension('x.gz')).toBe('gz');
    expect(dropExtension('noext')).toBe('');
  });

  it('hands a .medj to the snapshot reader as JSON (.molj)', () => {
    expect(snapshotFileName('state.medj')).toBe('state.molj');
    expect(snapshotFileName('state.MEDJ')).toBe('state.molj');
    expect(snapshotFileName('session.molx')).toBe('session.molx');
  });
});
