import type { MessageKey } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../../src/lib/zip-writer';
import { benchFile } from '../support/bench';
import { countRows, expectFailure } from '../support/helpers';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { importFile, importOk } from '../support/uploads';

/**
 * Issue 9, uploads: absurd coordinates, PDB text named .pdbqt and damaged archives are
 * refused with a message naming the file (and the line, or the entry), storing nothing.
 */
let t: TestApp;
let token: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await registerUser(t));
  projectId = await createProject(t, token, 'Uploads');
});
afterAll(() => t?.close());

const stored = async () => ({
  files: await countRows(t, 'files'),
  objects: (await t.app.storage.list('projects')).length,
});

async function refused(name: string, content: Buffer | string, key: MessageKey, params: Record<string, string>) {
  const before = await stored();
  expectFailure(await importFile(t, token, projectId, name, content), 400, key, { params });
  expect(await stored()).toEqual(before);
}

const ATOM = 'HETATM    1  C1  LIG A   1       1.000   2.000   3.000  1.00  0.00           C';
const withX = (x: string) => `${ATOM.slice(0, 30)}${x.padStart(8)}${ATOM.slice(38)}`;
/** The same atom as PDBQT writes it (a charge in columns 71-76, an AutoDock type in 78-79). */
const pdbqt = (line: string, type = 'C') => `${line.slice(0, 66)}    +0.000 ${type.padEnd(2)}`;

describe('structure files with coordinates no structure has', () => {
  it('refuses a PDB atom at 1e308 Å, naming the file and the line', async () => {
    await refused('far.pdb', `REMARK far away\n${withX('1e308')}\nEND\n`, 'invalidStructure', {
      name: 'far.pdb',
      format: 'PDB',
      detail: 'line 2: x coordinate (columns 31-38) is 1e308, beyond ±10000 Å, further than any structure reaches',
    });
  });

  it('refuses an SDF atom at 1e308 Å', async () => {
    const lines = benchFile('7cnq', 'ligand.sdf').toString().split('\n');
    lines[5] = `${'1e308'.padStart(10)}${lines[5]!.slice(10)}`;
    await refused('far.sdf', lines.join('\n'), 'invalidStructure', {
      name: 'far.sdf',
      format: 'SDF',
      detail: 'line 6: x coordinate 1e308 is beyond ±10000 Å, further than any structure reaches',
    });
  });

  it('still takes real structures, large ones included', async () => {
    await importOk(t, token, projectId, 'rec.pdb', benchFile('7cnq', 'receptor.pdb'));
    await importOk(t, token, projectId, 'edge.pdb', `${withX('9999.999')}\n${withX('-999.999')}\n`);
  });
});

describe('PDB text named .pdbqt', () => {
  it('is refused, saying it is PDB, not PDBQT', async () => {
    await refused('rec.pdbqt', benchFile('7cnq', 'receptor.pdb'), 'invalidStructure', {
      name: 'rec.pdbqt',
      format: 'PDBQT',
      detail:
        'line 2: this is PDB, not PDBQT: no atom record has the partial charge (columns 71-76) and AutoDock atom type (columns 78-79) of PDBQT; upload it as .pdb, or convert it to PDBQT',
    });
  });

  it('while a PDBQT with its columns is taken', async () => {
    const file = await importOk(t, token, projectId, 'lig.pdbqt', `ROOT\n${pdbqt(ATOM, 'A')}\nENDROOT\nTORSDOF 0\n`);
    expect(file.file_type).toBe('PDBQT');
  });
});

describe('damaged archives', () => {
  it('refuses a zip whose entry fails its CRC-32, naming the entry, and stores none of it', async () => {
    const zip = makeZip([
      { name: 'set/rec.pdb', content: benchFile('7cnq', 'receptor.pdb'), deflate: true },
      { name: 'set/lig.sdf', content: benchFile('7cnq', 'ligand.sdf') },
    ]);
    const at = zip.indexOf(Buffer.from('M  END'));
    zip[at + 3]! ^= 0x01; // 'M  END' → 'M  DND' inside the stored SDF: still a plausible molfile
    await refused('set.zip', zip, 'archiveDamaged', {
      name: 'set.zip',
      detail:
        'entry "set/lig.sdf" is damaged: its data do not match their CRC-32 checksum (a corrupt or truncated archive)',
    });
  });

  it('refuses a zip cut short', async () => {
    const zip = makeZip([{ name: 'lig.sdf', content: benchFile('7cnq', 'ligand.sdf'), deflate: true }]);
    const before = await stored();
    const res = await importFile(t, token, projectId, 'cut.zip', zip.subarray(0, zip.length - 40));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^The archive cut\.zip is damaged: .*truncated/);
    expect(await stored()).toEqual(before);
  });
});
