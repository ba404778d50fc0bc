import { messages, type ProjectFile } from '@medx/contract';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../../src/lib/zip-writer';
import { benchFile } from '../support/bench';
import { countRows, expectFailure, expectOk } from '../support/helpers';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { importFile, importOk } from '../support/uploads';

let t: TestApp;
let token: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await registerUser(t));
  projectId = await createProject(t, token, 'Ops');
});
afterAll(() => t?.close());

const atomLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM'))
    .sort();
const contentOf = async (f: ProjectFile) =>
  expectOk(await t.request<{ content: string }>('GET', `/v1/files/${f.id}/content`, { token })).content;

describe('split_pdb', () => {
  it('splits a complex into ligands, water and the rest, which add back up to the original atoms', async () => {
    const raw = benchFile('5x72', 'raw_5x72.pdb').toString('utf8');
    const file = await importOk(t, token, projectId, '5x72.pdb', raw);
    const res = await t.request<{ files: ProjectFile[] }>('POST', `/v1/files/${file.id}/split_pdb`, { token });
    const parts = expectOk(res, 'splitSuccessful').files;
    const names = parts.map((p) => p.name);
    expect(names).toContain('5x72_water.pdb');
    expect(names).toContain('5x72_others.pdb');
    const ligands = parts.filter((p) => !p.name.endsWith('_water.pdb') && !p.name.endsWith('_others.pdb'));
    expect(ligands.length).toBeGreaterThanOrEqual(1);
    // The parts travel in one new group.
    expect(new Set(parts.map((p) => p.group_id)).size).toBe(1);
    const all = (await Promise.all(parts.map(contentOf))).flatMap(atomLines).sort();
    expect(all).toEqual(atomLines(raw));
    for (const ligand of ligands) {
      const residues = new Set(atomLines(await contentOf(ligand)).map((l) => l.slice(17, 27)));
      expect(residues.size).toBe(1);
    }
  });

  it('splits a multi-molecule SDF into one file per molecule', async () => {
    const one = benchFile('1iep', 'ligand.sdf').toString('utf8').trimEnd();
    const two = benchFile('7cnq', 'ligand.sdf').toString('utf8').trimEnd();
    const joined = `${one.endsWith('$$$$') ? one : `${one}\n$$$$`}\n${two.endsWith('$$$$') ? two : `${two}\n$$$$`}\n`;
    const file = await importOk(t, token, projectId, 'two.sdf', joined);
    const parts = expectOk(
      await t.request<{ files: ProjectFile[] }>('POST', `/v1/files/${file.id}/split_pdb`, { token }),
      'splitSuccessful',
    ).files;
    expect(parts).toHaveLength(2);
    expect(parts.every((p) => p.ext === 'sdf')).toBe(true);
  });

  it('refuses other types and single-part files, writing nothing', async () => {
    const txt = await importOk(t, token, projectId, 'notes.txt', 'hello');
    const before = await countRows(t, 'files');
    expectFailure(await t.request('POST', `/v1/files/${txt.id}/split_pdb`, { token }), 400, 'splitOnlyStructures');
    expect(messages.splitOnlyStructures.en).toBe('Only accept pdb, sdf, mol2, smi file.');
    const sdf = await importOk(t, token, projectId, 'one.sdf', benchFile('1iep', 'ligand.sdf'));
    expectFailure(await t.request('POST', `/v1/files/${sdf.id}/split_protein_chains`, { token }), 400, 'splitOnlyPdb');
    expect(messages.splitOnlyPdb.en).toBe('Only accept pdb file.');
    expectFailure(await t.request('POST', `/v1/files/${sdf.id}/split_pdb`, { token }), 400, 'splitNothing');
    expect(await countRows(t, 'files')).toBe(before + 1);
  });
});

describe('split_protein_chains', () => {
  it('makes one file per chain', async () => {
    const raw = benchFile('2bm2', 'receptor.pdb').toString('utf8');
    const file = await importOk(t, token, projectId, '2bm2.pdb', raw);
    const parts = expectOk(
      await t.request<{ files: ProjectFile[] }>('POST', `/v1/files/${file.id}/split_protein_chains`, { token }),
      'splitSuccessful',
    ).files;
    expect(parts).toHaveLength(4);
    for (const part of parts) {
      const chains = new Set(atomLines(await contentOf(part)).map((l) => l[21]));
      expect(chains.size).toBe(1);
    }
  });
});

describe('conversions and merge', () => {
  it('converts an SDF to SMILES, with an image on request', async () => {
    const sdf = await importOk(t, token, projectId, 'imatinib.sdf', benchFile('1iep', 'ligand.sdf'));
    const res = expectOk(
      await t.request<{ smiles: string; base64: string | null }>('POST', `/v1/files/${sdf.id}/convert_to_smiles`, {
        token,
        body: { is_return_img: true },
      }),
    );
    expect(res.smiles).toMatch(/c/);
    expect(Buffer.from(res.base64!, 'base64').toString('utf8')).toContain('<svg');
    const byContent = expectOk(
      await t.request<{ smiles: string }>('POST', '/v1/files/convert_to_smiles', {
        token,
        body: { ext: 'smi', content: 'CCO' },
      }),
    );
    expect(byContent.smiles).toBe('CCO');
    expectFailure(
      await t.request('POST', '/v1/files/convert_to_smiles', { token, body: { ext: 'smi', content: 'C1CC(' } }),
      400,
      'convertFailed',
    );
  });

  it('converts to 3D as a new SDF entry and to MOL2', async () => {
    const smi = await importOk(t, token, projectId, 'aspirin.smi', 'CC(=O)Oc1ccccc1C(=O)O aspirin\n');
    const res = expectOk(
      await t.request<{ content: string; file: ProjectFile }>('POST', `/v1/files/${smi.id}/convert_to_3d`, {
        token,
        body: { is_new_entry: true },
      }),
      'convertPdbSuccessful',
    );
    expect(res.file).toMatchObject({ name: 'aspirin_3d.sdf', ext: 'sdf', is_show_entry: true, project_id: projectId });
    expect(res.content).toContain('M  END');
    const mol2 = expectOk(
      await t.request<{ files: ProjectFile[] }>('POST', '/v1/jobs/to_mol2', {
        token,
        body: { file_ids: [res.file.id] },
      }),
    );
    expect(mol2.files[0]!.ext).toBe('mol2');
    expect(await contentOf(mol2.files[0]!)).toContain('@<TRIPOS>ATOM');
  });

  it('merges two or more structures into one PDB and refuses fewer or other types', async () => {
    const receptor = await importOk(t, token, projectId, 'rec.pdb', benchFile('7cnq', 'receptor.pdb'));
    const ligand = await importOk(t, token, projectId, 'lig.sdf', benchFile('7cnq', 'ligand.sdf'));
    const merged = expectOk(
      await t.request<{ files: ProjectFile[] }>('POST', '/v1/jobs/merge_pdb', {
        token,
        body: { file_ids: [receptor.id, ligand.id], name: 'complex' },
      }),
      'mergeSuccessful',
    ).files[0]!;
    expect(merged.name).toBe('complex.pdb');
    const recAtoms = atomLines(await contentOf(receptor)).length;
    expect(atomLines(await contentOf(merged)).length).toBeGreaterThan(recAtoms);

    const before = await countRows(t, 'files');
    expectFailure(
      await t.request('POST', '/v1/jobs/merge_pdb', { token, body: { file_ids: [receptor.id] } }),
      400,
      'selectTwoFiles',
    );
    expect(messages.selectTwoFiles.en).toBe('Please select at least two files.');
    const txt = await importOk(t, token, projectId, 'n.txt', 'x');
    expectFailure(
      await t.request('POST', '/v1/jobs/merge_pdb', { token, body: { file_ids: [receptor.id, txt.id] } }),
      400,
      'notSupportExt',
      { params: { fileExtension: '.txt' } },
    );
    expect(await countRows(t, 'files')).toBe(before + 1);
  });
});

describe('archives', () => {
  it('a zip expands into one entry per supported file', async () => {
    const zip = makeZip([
      { name: 'set/rec.pdb', content: benchFile('7cnq', 'receptor.pdb'), deflate: true },
      { name: 'set/lig.sdf', content: benchFile('7cnq', 'ligand.sdf') },
      { name: 'set/readme.md', content: Buffer.from('# skipped: not an import type') },
    ]);
    const res = await importFile(t, token, projectId, 'set.zip', zip);
    const data = expectOk(res, 'uploadSuccessful');
    expect(data.files.map((f) => f.name).sort()).toEqual(['lig.sdf', 'rec.pdb']);
  });

  const refusals: [string, string, () => Buffer | Promise<Buffer>][] = [
    [
      'a zip with ../ in a path',
      'evil.zip',
      () => makeZip([{ name: '../../etc/evil.pdb', content: benchFile('7cnq', 'ligand.sdf') }]),
    ],
    [
      'a zip with an absolute path',
      'abs.zip',
      () => makeZip([{ name: '/tmp/evil.sdf', content: benchFile('7cnq', 'ligand.sdf') }]),
    ],
    [
      'a zip bomb (a huge ratio)',
      'bomb.zip',
      () => makeZip([{ name: 'zeros.txt', content: Buffer.alloc(50 * 1024 * 1024), deflate: true }]),
    ],
    [
      'a tar with ../ in a path',
      'evil.tar',
      async () => {
        const pack = tar.pack();
        pack.entry({ name: '../evil.pdb' }, benchFile('7cnq', 'receptor.pdb'));
        pack.finalize();
        const chunks: Buffer[] = [];
        for await (const chunk of pack) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      },
    ],
    [
      'a corrupt structure inside a zip',
      'bad.zip',
      () => makeZip([{ name: 'bad.sdf', content: Buffer.from('junk\n') }]),
    ],
  ];
  it.each(refusals)('refuses %s and stores nothing', async (_label, name, build) => {
    const before = { files: await countRows(t, 'files'), objects: (await t.app.storage.list('projects')).length };
    const res = await importFile(t, token, projectId, name, await build());
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect({ files: await countRows(t, 'files'), objects: (await t.app.storage.list('projects')).length }).toEqual(
      before,
    );
  });
});
