import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AuthResult,
  Job,
  LigandPrepDetail,
  PrepareSubmitResult,
  ProjectFile,
  ProteinPrepDetail,
} from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectivitySmiles, runObabel } from '../../src/chem/index';
import { isHydrogen, parseAtomLine } from '../../src/chem/pdb-records';
import { pythonModule } from '../../src/chem/python';
import { badBonds, parseSdf } from '../chem/sdf-geometry';
import { benchFile } from '../support/bench';
import { countRows, expectFailure, expectOk } from '../support/helpers';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { importOk } from '../support/uploads';
import { waitUntil } from '../support/wait';

/**
 * The preparation jobs on real structures with the real tools (Open Babel, pdbfixer,
 * RDKit): what they change is checked in the files they write, not in their report only.
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
let otherProject: number;

beforeAll(async () => {
  t = await createTestApp();
  t.app.jobs.runner.start();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'Prep');
  otherProject = await createProject(t, owner.token, 'Other');
});
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
});

/** Submits prepare_ligand for a file of the project; answers the job id. */
const submitLigandPrep = async (ligandId: number, options: { minimize?: boolean } = {}) =>
  expectOk(
    await t.request<PrepareSubmitResult>('POST', '/v1/jobs/prepare_ligand', {
      token: owner.token,
      body: { project_id: projectId, ligand_id: ligandId, ...options },
    }),
    'submitSuccess',
  ).job_id;
const jobOf = async (id: number) => (await t.request<Job>('GET', `/v1/jobs/${id}`, { token: owner.token })).body.data;
const waitDone = (id: number, timeoutMs = 90_000): Promise<Job> =>
  waitUntil(
    () => jobOf(id),
    (job) => ['FINISHED', 'FAILED', 'STOPPED'].includes(job.status),
    { timeoutMs, intervalMs: 200, what: `job ${id} ending` },
  );
const outputs = async (id: number) =>
  expectOk(await t.request<ProjectFile[]>('GET', `/v1/jobs/${id}/files`, { token: owner.token }));
const details = async <T>(id: number) =>
  expectOk(await t.request<T[]>('GET', `/v1/jobs/${id}/file_detail`, { token: owner.token }));
/** What the job recorded about the Python program it ran (module and hash of its code). */
const pythonOf = async (id: number) => {
  const row = await t.db.kysely.selectFrom('jobs').select('provenance').where('id', '=', id).executeTakeFirst();
  return (JSON.parse(row!.provenance!) as { python: unknown }).python;
};
const content = async (fileId: number) =>
  expectOk(await t.request<{ content: string }>('GET', `/v1/files/${fileId}/content`, { token: owner.token })).content;

function atomsOf(pdb: string) {
  return pdb
    .split('\n')
    .map((line, i) => (line.startsWith('ATOM') || line.startsWith('HETATM') ? parseAtomLine(line, i) : null))
    .filter((a) => a !== null);
}

describe('quick_prepare_protein on 5x72 as deposited (waters, two ligands, alt-locs)', () => {
  const raw = benchFile('5x72', 'raw_5x72.pdb').toString();
  const rawAtoms = atomsOf(raw);
  let job: Job;
  let pdb: string;
  let rows: ProteinPrepDetail[];

  beforeAll(async () => {
    const file = await importOk(t, owner.token, projectId, '5x72.pdb', raw);
    const res = await t.request<PrepareSubmitResult>('POST', '/v1/jobs/quick_prepare_protein', {
      token: owner.token,
      body: { project_id: projectId, protein_id: file.id },
    });
    const { job_id } = expectOk(res, 'submitSuccess');
    job = await waitDone(job_id);
    const [out] = await outputs(job_id);
    expect(out).toMatchObject({ name: '5x72_prepared.pdb', is_job_result: true, job_id, is_show_entry: true });
    pdb = await content(out!.id);
    rows = await details<ProteinPrepDetail>(job_id);
  }, 120_000);

  const row = (item: ProteinPrepDetail['item']) => rows.find((r) => r.item === item)!;

  it('finishes (repair on by default)', () => {
    expect(job.status).toBe('FINISHED');
  });

  it('removes every water and both ligands, and says so', () => {
    const waters = new Set(rawAtoms.filter((a) => a.resName === 'HOH').map((a) => `${a.chain}${a.resSeqText}`));
    expect(waters.size).toBeGreaterThan(0);
    const out = atomsOf(pdb);
    expect(out.some((a) => a.resName === 'HOH' || a.resName === 'P59' || a.resName === 'P69')).toBe(false);
    expect(row('waters_removed').count).toBe(waters.size);
    expect(row('hetero_removed').detail).toBe('P59 ×1, P69 ×1');
  });

  it('keeps one conformation: the B alt-locs are gone, the column is blank', () => {
    const altB = rawAtoms.filter((a) => a.altLoc === 'B').length;
    expect(row('altlocs_dropped').count).toBe(altB);
    expect(atomsOf(pdb).every((a) => a.altLoc === '')).toBe(true);
  });

  it('adds hydrogens at pH 7.4 and the atom counts add up', () => {
    const out = atomsOf(pdb);
    const hydrogens = out.filter((a) => isHydrogen(a.element)).length;
    const heavy = out.length - hydrogens;
    const inputProteinHeavy = rawAtoms.filter(
      (a) => !a.hetero && !isHydrogen(a.element) && (a.altLoc === '' || a.altLoc === 'A'),
    ).length;
    expect(hydrogens).toBeGreaterThan(heavy * 0.8);
    expect(row('hydrogens_added').count).toBe(hydrogens);
    expect(heavy).toBe(inputProteinHeavy + row('missing_atoms_added').count);
    expect(row('output_atoms').count).toBe(out.length);
    // Lysine side chains are charged at 7.4 (NZ carries three hydrogens: +1 in the element column).
    const lysineN = out.filter((a) => a.resName === 'LYS' && a.name === ' NZ ');
    expect(lysineN.length).toBeGreaterThan(0);
    expect(lysineN.every((a) => a.text.slice(78, 80) === '1+')).toBe(true);
    // Each hydrogen sits in its own residue, right after its heavy atoms.
    const firstResidue = out.filter((a) => a.resSeq === out[0]!.resSeq && a.chain === out[0]!.chain);
    expect(firstResidue.some((a) => isHydrogen(a.element))).toBe(true);
  });

  it('reports chains and residues, and its log tells the same story', async () => {
    expect(row('chains')).toMatchObject({ count: 1, detail: 'A' });
    const residues = new Set(rawAtoms.filter((a) => !a.hetero).map((a) => `${a.chain}${a.resSeqText}`));
    expect(row('residues').count).toBe(residues.size);
    const log = expectOk(
      await t.request<{ comment: string }>('GET', `/v1/jobs/${job.id}/comment`, { token: owner.token }),
    );
    expect(log.comment).toContain('waters_removed');
    expect(log.comment).toContain('pdbfixer');
    expect(await pythonOf(job.id)).toEqual({
      module: 'medx_chem.fix_protein',
      sha256: pythonModule('fix_protein').sha256,
    });
  });
});

describe('quick_prepare_protein options', () => {
  it('keeps the hetero groups and waters asked for, without repair', async () => {
    const file = await importOk(t, owner.token, projectId, 'keep.pdb', benchFile('5x72', 'raw_5x72.pdb'));
    const { job_id } = expectOk(
      await t.request<PrepareSubmitResult>('POST', '/v1/jobs/quick_prepare_protein', {
        token: owner.token,
        body: { project_id: projectId, protein_id: file.id, keep_hetero: ['p59'], keep_waters: true, repair: false },
      }),
      'submitSuccess',
    );
    expect((await waitDone(job_id)).status).toBe('FINISHED');
    const rows = await details<ProteinPrepDetail>(job_id);
    expect(rows.find((r) => r.item === 'hetero_kept')!.detail).toBe('P59 ×1');
    expect(rows.find((r) => r.item === 'missing_atoms_added')).toMatchObject({ count: 0, detail: 'not requested' });
    expect(await pythonOf(job_id)).toBeNull();
    const pdb = await content((await outputs(job_id))[0]!.id);
    const names = new Set(atomsOf(pdb).map((a) => a.resName));
    expect(names.has('P59')).toBe(true);
    expect(names.has('HOH')).toBe(true);
    expect(names.has('P69')).toBe(false);
  }, 60_000);
});

describe('quick_prepare_protein refuses what it cannot prepare, leaving nothing behind', () => {
  it('a ligand-only PDB, an SDF, a file of another project, missing ids', async () => {
    const ligandOnly = benchFile('5x72', 'raw_5x72.pdb')
      .toString()
      .split('\n')
      .filter((l) => l.startsWith('HETATM') && l.slice(17, 20) === 'P59')
      .join('\n');
    const lig = await importOk(t, owner.token, projectId, 'p59.pdb', `${ligandOnly}\nEND\n`);
    const sdf = await importOk(t, owner.token, projectId, 'l.sdf', benchFile('7cnq', 'ligand.sdf'));
    const elsewhere = await importOk(t, owner.token, otherProject, 'e.pdb', benchFile('1w1p', 'receptor.pdb'));
    const [jobs, files] = [await countRows(t, 'jobs'), await countRows(t, 'files')];
    const submit = (body: Record<string, unknown>) =>
      t.request('POST', '/v1/jobs/quick_prepare_protein', { token: owner.token, body });
    expectFailure(await submit({ project_id: projectId, protein_id: lig.id }), 400, 'prepNotProtein', {
      params: { name: 'p59.pdb' },
    });
    expectFailure(await submit({ project_id: projectId, protein_id: sdf.id }), 400, 'prepProteinType', {
      params: { name: 'l.sdf' },
    });
    expectFailure(await submit({ project_id: projectId, protein_id: elsewhere.id }), 400, 'prepFileNotInProject', {
      params: { id: elsewhere.id },
    });
    expectFailure(await submit({ project_id: projectId }), 400, 'validationRequired', {
      params: { field: 'protein_id' },
    });
    expectFailure(await submit({ protein_id: lig.id }), 400, 'validationRequired', { params: { field: 'project_id' } });
    expectFailure(await submit({ project_id: projectId, protein_id: 999_999 }), 404, 'fileNotFound');
    expectFailure(await submit({ project_id: projectId, protein_id: lig.id, ph: 15 }), 400, 'prepPhRange');
    expectFailure(
      await submit({ project_id: projectId, protein_id: lig.id, keep_hetero: ['TOOLONG'] }),
      400,
      'prepBadResidueName',
    );
    expect([await countRows(t, 'jobs'), await countRows(t, 'files')]).toEqual([jobs, files]);
  });
});

/** A V2000 molfile written by hand: `atoms` as [element, x, y, z], bonds as [a, b, order] (1-based). */
function molfile(name: string, atoms: [string, number, number, number][], bonds: [number, number, number][]) {
  const f = (n: number) => n.toFixed(4).padStart(10);
  const i3 = (n: number) => String(n).padStart(3);
  return [
    name,
    '  handmade',
    '',
    `${i3(atoms.length)}${i3(bonds.length)}  0  0  0  0  0  0  0  0999 V2000`,
    ...atoms.map(([el, x, y, z]) => `${f(x)}${f(y)}${f(z)} ${el.padEnd(3)} 0  0  0  0  0  0  0  0  0  0  0  0`),
    ...bonds.map(([a, b, o]) => `${i3(a)}${i3(b)}${i3(o)}  0`),
    'M  END',
    '$$$$',
    '',
  ].join('\n');
}

describe('prepare_ligand on a multi-molecule SDF with one broken molecule', () => {
  let job: Job;
  let rows: LigandPrepDetail[];
  let molecules: ReturnType<typeof parseSdf>;
  let sdfText: string;
  let benzoic2d: string;

  beforeAll(async () => {
    const crystal = benchFile('7cnq', 'ligand.sdf')
      .toString()
      .trim()
      .replace(/\$\$\$\$\s*$/, '')
      .trimEnd();
    const crystalRecord = `${['G8X_crystal', ...crystal.split('\n').slice(1)].join('\n')}\n$$$$\n`;
    // A 2D drawing (z = 0) of benzoic acid, made by Open Babel.
    benzoic2d = (await runObabel(['-:OC(=O)c1ccccc1 benzoic_acid', '--gen2d', '-osdf'])).stdout;
    // Five bonds on one carbon: readable as a file, impossible as a molecule.
    const broken = molfile(
      'pentavalent',
      [
        ['C', 0, 0, 0],
        ['Cl', 1.8, 0, 0],
        ['Cl', -1.8, 0, 0],
        ['Cl', 0, 1.8, 0],
        ['Cl', 0, -1.8, 0],
        ['Cl', 0, 0, 1.8],
      ],
      [
        [1, 2, 1],
        [1, 3, 1],
        [1, 4, 1],
        [1, 5, 1],
        [1, 6, 1],
      ],
    );
    const file = await importOk(t, owner.token, projectId, 'mix.sdf', crystalRecord + benzoic2d + broken);
    const job_id = await submitLigandPrep(file.id);
    job = await waitDone(job_id);
    rows = await details<LigandPrepDetail>(job_id);
    const [out] = await outputs(job_id);
    expect(out).toMatchObject({ name: 'mix_prepared.sdf', is_job_result: true, is_show_entry: true });
    sdfText = await content(out!.id);
    molecules = parseSdf(sdfText);
  }, 120_000);

  it('FINISHES with the two good molecules and lists the broken one with its reason', async () => {
    expect(job.status).toBe('FINISHED');
    expect(await pythonOf(job.id)).toEqual({
      module: 'medx_chem.prepare_ligand',
      sha256: pythonModule('prepare_ligand').sha256,
    });
    expect(rows.map((r) => [r.index, r.name, r.status])).toEqual([
      [1, 'G8X_crystal', 'SUCCESS'],
      [2, 'benzoic_acid', 'SUCCESS'],
      [3, 'pentavalent', 'FAILED'],
    ]);
    expect(rows[2]!.detail).toMatch(/valence/i);
    expect(molecules).toHaveLength(2);
    expect(sdfText.split('\n')[0]).toBe('G8X_crystal');
  });

  it('gives every prepared molecule hydrogens, 3D coordinates and sensible bonds', () => {
    for (const m of molecules) {
      expect(m.atoms.some((a) => a.element === 'H')).toBe(true);
      // Out of the z = 0 plane of a 2D drawing (benzoate itself is flat, in some other plane).
      expect(m.atoms.some((a) => Math.abs(a.z) > 0.1)).toBe(true);
      const spread = (k: 'x' | 'y' | 'z') =>
        Math.max(...m.atoms.map((a) => a[k])) - Math.min(...m.atoms.map((a) => a[k]));
      expect(Math.min(spread('x'), spread('y'), spread('z'))).toBeGreaterThan(0.2);
      expect(badBonds(m, 0.3)).toEqual([]);
    }
  });

  it('deprotonates the carboxylic acid at pH 7.4 and keeps both skeletons', async () => {
    expect(rows[1]).toMatchObject({ formal_charge: -1 });
    expect(rows[1]!.smiles).toContain('[O-]');
    expect(rows[1]!.detail).toContain('2D input');
    expect(rows[1]!.detail).toContain('ETKDG');
    const records = sdfText.split('$$$$\n');
    expect(await connectivitySmiles(records[1]!)).toBe(await connectivitySmiles(benzoic2d));
    expect(await connectivitySmiles(records[0]!)).toBe(
      await connectivitySmiles(benchFile('7cnq', 'ligand.sdf').toString()),
    );
  });

  it('keeps the crystal pose of 3D input (heavy atoms move little in a short minimisation)', () => {
    const crystal = parseSdf(benchFile('7cnq', 'ligand.sdf').toString())[0]!.atoms.filter((a) => a.element !== 'H');
    const prepared = molecules[0]!.atoms.filter((a) => a.element !== 'H');
    expect(prepared).toHaveLength(crystal.length);
    const rmsd = Math.sqrt(
      crystal.reduce(
        (s, a, i) => s + (a.x - prepared[i]!.x) ** 2 + (a.y - prepared[i]!.y) ** 2 + (a.z - prepared[i]!.z) ** 2,
        0,
      ) / crystal.length,
    );
    expect(rmsd).toBeLessThan(1);
  });
});

describe('prepare_ligand from SMILES', () => {
  it('builds 3D molecules with hydrogens, names kept, charges at pH 7.4', async () => {
    const file = await importOk(
      t,
      owner.token,
      projectId,
      'list.smi',
      'OC(=O)c1ccccc1 benzoic\nCC(=O)Nc1ccc(O)cc1 paracetamol\nC[C@H](N)C(=O)O alanine\n',
    );
    const job_id = await submitLigandPrep(file.id);
    expect((await waitDone(job_id)).status).toBe('FINISHED');
    const rows = await details<LigandPrepDetail>(job_id);
    expect(rows.map((r) => [r.name, r.status, r.formal_charge])).toEqual([
      ['benzoic', 'SUCCESS', -1],
      ['paracetamol', 'SUCCESS', 0],
      ['alanine', 'SUCCESS', 0],
    ]);
    // Alanine is a zwitterion at 7.4, and keeps its configuration.
    expect(rows[2]!.smiles).toBe('C[C@H]([NH3+])C(=O)[O-]');
    const sdf = await content((await outputs(job_id))[0]!.id);
    const molecules = parseSdf(sdf);
    expect(molecules.map((m) => m.atoms.length)).toEqual([14, 20, 13]);
    for (const m of molecules) expect(badBonds(m, 0.3)).toEqual([]);
  }, 60_000);

  it('prepares a MOL2 macrocycle and a PDB ligand from their 3D coordinates', async () => {
    const mol2 = await importOk(t, owner.token, projectId, 'bace.mol2', benchFile('bace1', 'ligand.mol2'));
    const p59 = benchFile('5x72', 'raw_5x72.pdb')
      .toString()
      .split('\n')
      .filter((l) => l.startsWith('HETATM') && l.slice(17, 20) === 'P59');
    const pdb = await importOk(t, owner.token, projectId, 'p59.pdb', `${p59.join('\n')}\nEND\n`);
    for (const [file, name] of [
      [mol2, 'bace_prepared.sdf'],
      [pdb, 'p59_prepared.sdf'],
    ] as const) {
      const job_id = await submitLigandPrep(file.id, { minimize: false });
      expect((await waitDone(job_id)).status).toBe('FINISHED');
      const [row] = await details<LigandPrepDetail>(job_id);
      expect(row).toMatchObject({ index: 1, status: 'SUCCESS' });
      expect(row!.detail).toContain('3D input');
      expect(row!.detail).not.toContain('minimisation');
      const [out] = await outputs(job_id);
      expect(out!.name).toBe(name);
      const [molecule] = parseSdf(await content(out!.id));
      expect(molecule!.atoms.some((a) => a.element === 'H')).toBe(true);
      expect(badBonds(molecule!, 0.3)).toEqual([]);
    }
  }, 60_000);

  it('fails the job when no molecule can be prepared, with the reason', async () => {
    const file = await importOk(
      t,
      owner.token,
      projectId,
      'bad.sdf',
      molfile(
        'five',
        [
          ['C', 0, 0, 0],
          ['F', 1.3, 0, 0],
          ['F', -1.3, 0, 0],
          ['F', 0, 1.3, 0],
          ['F', 0, -1.3, 0],
          ['F', 0, 0, 1.3],
        ],
        [
          [1, 2, 1],
          [1, 3, 1],
          [1, 4, 1],
          [1, 5, 1],
          [1, 6, 1],
        ],
      ),
    );
    const job_id = await submitLigandPrep(file.id);
    const job = await waitDone(job_id);
    expect(job.status).toBe('FAILED');
    expect(job.error).toMatch(/No molecule could be prepared.*valence/i);
    expect(await outputs(job_id)).toEqual([]);
    expect((await details<LigandPrepDetail>(job_id))[0]).toMatchObject({ status: 'FAILED', name: 'five' });
  }, 60_000);

  it('refuses a protein-type file and a file of another project', async () => {
    const cif = await importOk(t, owner.token, projectId, 'x.xyz', '3\nwater\nO 0 0 0\nH 0.96 0 0\nH -0.24 0.93 0\n');
    const elsewhere = await importOk(t, owner.token, otherProject, 'e.sdf', benchFile('7cnq', 'ligand.sdf'));
    const jobs = await countRows(t, 'jobs');
    const submit = (body: Record<string, unknown>) =>
      t.request('POST', '/v1/jobs/prepare_ligand', { token: owner.token, body });
    expectFailure(await submit({ project_id: projectId, ligand_id: cif.id }), 400, 'prepLigandType', {
      params: { name: 'x.xyz' },
    });
    expectFailure(await submit({ project_id: projectId, ligand_id: elsewhere.id }), 400, 'prepFileNotInProject', {
      params: { id: elsewhere.id },
    });
    expectFailure(await submit({ project_id: projectId }), 400, 'validationRequired', {
      params: { field: 'ligand_id' },
    });
    // A receptor chosen as the ligand: refused before a job exists (RDKit would grind on it).
    const receptor = await importOk(t, owner.token, projectId, 'rec.pdb', benchFile('1w1p', 'receptor.pdb'));
    const tooLarge = await submit({ project_id: projectId, ligand_id: receptor.id });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ success: false, data: null });
    expect(tooLarge.body.msg).toMatch(
      /^The file rec\.pdb holds no ligand-sized molecule \(largest: \d{4} heavy atoms, at most 250\)\. .*Quick Prepare protein/,
    );
    expect(await countRows(t, 'jobs')).toBe(jobs);
  });
});

describe('Open Babel in a preparation job', () => {
  let shimDir: string;
  const previous = process.env.MEDX_OBABEL;
  beforeAll(() => {
    // The real obabel behind a wrapper that notes the OpenMP thread count it was given.
    shimDir = mkdtempSync(join(tmpdir(), 'medx-obabel-threads-'));
    const shim = join(shimDir, 'obabel');
    writeFileSync(
      shim,
      `#!/bin/sh\necho "\${OMP_NUM_THREADS:-unset}" >> "${shimDir}/threads"\nexec /usr/bin/obabel "$@"\n`,
    );
    chmodSync(shim, 0o755);
    process.env.MEDX_OBABEL = shim;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.MEDX_OBABEL;
    else process.env.MEDX_OBABEL = previous;
    rmSync(shimDir, { recursive: true, force: true });
  });

  it('runs on one OpenMP thread, so a job cannot take every core from the server (issue 9)', async () => {
    const file = await importOk(t, owner.token, projectId, 'two.smi', 'CCO ethanol\nc1ccccc1O phenol\n');
    const job_id = await submitLigandPrep(file.id);
    expect((await waitDone(job_id)).status).toBe('FINISHED');
    const threads = readFileSync(join(shimDir, 'threads'), 'utf8').trim().split('\n');
    // One protonation per molecule at least.
    expect(threads.length).toBeGreaterThanOrEqual(2);
    expect(new Set(threads)).toEqual(new Set(['1']));
  }, 60_000);
});
