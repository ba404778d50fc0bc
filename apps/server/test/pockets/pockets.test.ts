import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuthResult, DetectPocketsResult, DockingPocket, ProjectFile } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHydrogen, parseAtomLine } from '../../src/chem/pdb-records';
import { insideBox } from '../../src/modules/pockets/cavity';
import { parseSdf } from '../chem/sdf-geometry';
import { benchFile } from '../support/bench';
import { countRows, expectFailure, expectOk, sharedProject } from '../support/helpers';
import { expectedAnswer, ROLES, type Role } from '../support/roles';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';
import { importOk } from '../support/uploads';

/**
 * Pocket boxes on real bench structures, checked against boxes computed here from the
 * files' own coordinates; and who may call the pocket and preparation endpoints.
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
let receptor: ProjectFile;
let ligand: ProjectFile;

const fixture = (name: string) =>
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../fixtures', name), 'utf8');
const round2 = (v: number) => Math.round(v * 100) / 100;
function box(points: { x: number; y: number; z: number }[], margin: number): DockingPocket {
  const lo = (k: 'x' | 'y' | 'z') => Math.min(...points.map((p) => p[k]));
  const hi = (k: 'x' | 'y' | 'z') => Math.max(...points.map((p) => p[k]));
  return {
    size_x: round2(hi('x') - lo('x') + 2 * margin),
    size_y: round2(hi('y') - lo('y') + 2 * margin),
    size_z: round2(hi('z') - lo('z') + 2 * margin),
    center_x: round2((hi('x') + lo('x')) / 2),
    center_y: round2((hi('y') + lo('y')) / 2),
    center_z: round2((hi('z') + lo('z')) / 2),
  };
}
const pdbAtoms = (text: string) =>
  text
    .split('\n')
    .map((l, i) => (l.startsWith('ATOM') || l.startsWith('HETATM') ? parseAtomLine(l, i) : null))
    .filter((a) => a !== null);
const centroid = (id: string) => {
  const atoms = parseSdf(benchFile(id, 'ligand.sdf').toString())[0]!.atoms.filter((a) => a.element !== 'H');
  return ['x', 'y', 'z'].map((k) => atoms.reduce((s, a) => s + a[k as 'x'], 0) / atoms.length) as [
    number,
    number,
    number,
  ];
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'Pockets');
  receptor = await importOk(t, owner.token, projectId, '1w1p.pdb', benchFile('1w1p', 'receptor.pdb'));
  ligand = await importOk(t, owner.token, projectId, 'gio.sdf', benchFile('1w1p', 'ligand.sdf'));
});
afterAll(() => t?.close());

const post = <T>(path: string, body: Record<string, unknown>, token = owner.token) =>
  t.request<T>('POST', `/v1/docking/${path}`, { token, body });

describe('pocket around a ligand', () => {
  it('is the heavy-atom box of the SDF, padded by 5 Å on each side by default, 2 decimals', async () => {
    const heavy = parseSdf(benchFile('1w1p', 'ligand.sdf').toString())[0]!.atoms.filter((a) => a.element !== 'H');
    const pocket = expectOk(
      await post<DockingPocket>('pocket/ligand', { project_id: projectId, ligand_id: ligand.id }),
    );
    expect(pocket).toEqual(box(heavy, 5));
    const tight = expectOk(
      await post<DockingPocket>('pocket/ligand', { project_id: projectId, ligand_id: ligand.id, padding: 2.5 }),
    );
    expect(tight).toEqual(box(heavy, 2.5));
    for (const v of Object.values(pocket)) expect(Math.round(v * 100) / 100).toBe(v);
  });

  it('reads MOL2 and PDB ligands too', async () => {
    const mol2 = await importOk(t, owner.token, projectId, 'bace.mol2', benchFile('bace1', 'ligand.mol2'));
    const pocket = expectOk(await post<DockingPocket>('pocket/ligand', { project_id: projectId, ligand_id: mol2.id }));
    const atoms = benchFile('bace1', 'ligand.mol2')
      .toString()
      .split('@<TRIPOS>ATOM')[1]!
      .split('@<TRIPOS>')[0]!
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => !f[5]!.startsWith('H'))
      .map((f) => ({ x: Number(f[2]), y: Number(f[3]), z: Number(f[4]) }));
    expect(pocket).toEqual(box(atoms, 5));
    const raw = benchFile('5x72', 'raw_5x72.pdb').toString();
    const p59 = raw.split('\n').filter((l) => l.startsWith('HETATM') && l.slice(17, 20) === 'P59');
    const pdb = await importOk(t, owner.token, projectId, 'p59.pdb', `${p59.join('\n')}\nEND\n`);
    const fromPdb = expectOk(await post<DockingPocket>('pocket/ligand', { project_id: projectId, ligand_id: pdb.id }));
    expect(fromPdb).toEqual(
      box(
        pdbAtoms(p59.join('\n')).filter((a) => !isHydrogen(a.element)),
        5,
      ),
    );
  });

  it('refuses a protein-only type, a file of another project and missing ids, with clear messages', async () => {
    const other = await createProject(t, owner.token, 'Other');
    const elsewhere = await importOk(t, owner.token, other, 'x.sdf', benchFile('1w1p', 'ligand.sdf'));
    const smi = await importOk(t, owner.token, projectId, 'a.smi', 'CCO ethanol\n');
    expectFailure(await post('pocket/ligand', { project_id: projectId, ligand_id: smi.id }), 400, 'pocketLigandType', {
      params: { name: 'a.smi' },
    });
    expectFailure(
      await post('pocket/ligand', { project_id: projectId, ligand_id: elsewhere.id }),
      400,
      'prepFileNotInProject',
      { params: { id: elsewhere.id } },
    );
    // A structure with no heavy atom: nothing to box, nothing to search.
    const hOnly = await importOk(
      t,
      owner.token,
      projectId,
      'h.pdb',
      'HETATM    1  H1  LIG A   1       1.000   2.000   3.000  1.00  0.00           H\nEND\n',
    );
    expectFailure(
      await post('pocket/ligand', { project_id: projectId, ligand_id: hOnly.id }),
      400,
      'pocketLigandNoAtoms',
      {
        params: { name: 'h.pdb' },
      },
    );
    expectFailure(
      await post('pockets/detect', { project_id: projectId, protein_id: hOnly.id }),
      400,
      'prepNotProtein',
      {
        params: { name: 'h.pdb' },
      },
    );
    expectFailure(await post('pocket/ligand', { project_id: projectId }), 400, 'validationRequired', {
      params: { field: 'ligand_id' },
    });
    expectFailure(await post('pocket/ligand', { project_id: projectId, ligand_id: 987_654 }), 404, 'fileNotFound');
    expectFailure(
      await post('pocket/ligand', { project_id: projectId, ligand_id: ligand.id, padding: -1 }),
      400,
      'validationBetween',
      { params: { field: 'padding', min: 0, max: 30 } },
    );
  });
});

describe('pocket around residues (spec §5)', () => {
  const atoms = pdbAtoms(benchFile('1w1p', 'receptor.pdb').toString());
  const pick = (chain: string, numbers: number[]) =>
    atoms.filter((a) => a.chain === chain && numbers.includes(a.resSeq) && !isHydrogen(a.element));

  it('boxes the residues and adds 2 × cutoff to each size', async () => {
    const residues = 'B:97 B:142 B:214';
    const at5 = expectOk(
      await post<DockingPocket>('pocket/residues', { project_id: projectId, protein_id: receptor.id, residues }),
    );
    const at0 = expectOk(
      await post<DockingPocket>('pocket/residues', {
        project_id: projectId,
        protein_id: receptor.id,
        residues,
        cutoff: 0,
      }),
    );
    expect(at5).toEqual(box(pick('B', [97, 142, 214]), 5));
    expect(at0).toEqual(box(pick('B', [97, 142, 214]), 0));
    for (const axis of ['x', 'y', 'z'] as const) {
      expect(round2(at5[`size_${axis}`] - at0[`size_${axis}`])).toBe(10);
      expect(at5[`center_${axis}`]).toBe(at0[`center_${axis}`]);
    }
    // The crystal ligand sits among those residues.
    expect(insideBox(at5, ...centroid('1w1p'))).toBe(true);
  });

  it('takes plain numbers across chains, commas and extra spaces', async () => {
    const pocket = expectOk(
      await post<DockingPocket>('pocket/residues', {
        project_id: projectId,
        protein_id: receptor.id,
        residues: ' 97,  142 ',
      }),
    );
    expect(pocket).toEqual(box([...pick('A', [97, 142]), ...pick('B', [97, 142])], 5));
  });

  it('reads an mmCIF protein with its author residue numbers (as the PDB entry has them)', async () => {
    const cif = await importOk(t, owner.token, projectId, '1a8o.cif', fixture('1a8o.cif'));
    const pocket = expectOk(
      await post<DockingPocket>('pocket/residues', {
        project_id: projectId,
        protein_id: cif.id,
        residues: 'A:151 A:185',
      }),
    );
    const mse = pdbAtoms(fixture('1a8o.pdb')).filter((a) => [151, 185].includes(a.resSeq) && !isHydrogen(a.element));
    expect(mse.map((a) => a.resName)).toContain('MSE');
    expect(pocket).toEqual(box(mse, 5));
  });

  it('names the bad tokens and the unknown residues', async () => {
    const call = (residues: string) =>
      post('pocket/residues', { project_id: projectId, protein_id: receptor.id, residues });
    expectFailure(await call('97 abc B:x 12.5'), 400, 'pocketBadResidueTokens', { params: { tokens: 'abc B:x 12.5' } });
    expectFailure(await call('97 9999 C:97'), 400, 'pocketUnknownResidues', {
      params: { name: '1w1p.pdb', residues: '9999 C:97' },
    });
    expectFailure(await call('   '), 400, 'pocketResiduesRequired');
    expectFailure(
      await post('pocket/residues', { project_id: projectId, protein_id: receptor.id }),
      400,
      'pocketResiduesRequired',
    );
    expectFailure(
      await post('pocket/residues', { project_id: projectId, protein_id: ligand.id, residues: '97' }),
      400,
      'pocketProteinType',
      { params: { name: 'gio.sdf' } },
    );
  });
});

describe('automatic cavity detection', () => {
  it.each([
    ['1w1p', 'receptor.pdb'],
    ['5x72', 'receptor.pdb'],
  ])('finds the crystal pocket of %s in the top 3, ranked, with lining residues', async (id, file) => {
    const protein =
      id === '1w1p' ? receptor : await importOk(t, owner.token, projectId, `${id}.pdb`, benchFile(id, file));
    const start = Date.now();
    const { pockets } = expectOk(
      await post<DetectPocketsResult>('pockets/detect', { project_id: projectId, protein_id: protein.id }),
    );
    expect(Date.now() - start).toBeLessThan(5000);
    expect(pockets.length).toBeGreaterThan(0);
    expect(pockets.length).toBeLessThanOrEqual(5);
    expect(pockets.map((p) => p.rank)).toEqual(pockets.map((_, i) => i + 1));
    const scores = pockets.map((p) => p.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const hit = pockets.findIndex((p) => insideBox(p.pocket, ...centroid(id)));
    expect(hit).toBeGreaterThanOrEqual(0);
    expect(hit).toBeLessThan(3);
    const found = pockets[hit]!;
    expect(found.volume).toBeGreaterThan(50);
    expect(found.buriedness).toBeGreaterThanOrEqual(11);
    expect(found.residues.every((r) => /^[A-Z0-9]?:?[A-Z0-9]{1,3}-?\d+[A-Z]?$/.test(r))).toBe(true);
    expect(Math.max(found.pocket.size_x, found.pocket.size_y, found.pocket.size_z)).toBeLessThanOrEqual(40);
  });

  it('honours max and refuses a file that holds no protein', async () => {
    const one = expectOk(
      await post<DetectPocketsResult>('pockets/detect', { project_id: projectId, protein_id: receptor.id, max: 1 }),
    );
    expect(one.pockets).toHaveLength(1);
    expectFailure(
      await post('pockets/detect', { project_id: projectId, protein_id: ligand.id }),
      400,
      'pocketProteinType',
      {
        params: { name: 'gio.sdf' },
      },
    );
    expectFailure(
      await post('pockets/detect', { project_id: projectId, protein_id: receptor.id, max: 0 }),
      400,
      'validationBetween',
      { params: { field: 'max', min: 1, max: 20 } },
    );
  });
});

describe('who may compute pockets (read) and submit preparation jobs (write)', () => {
  const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
  const fixtures = new Map<number, { protein: ProjectFile; ligand: ProjectFile }>();
  let rwProject: number;
  let roProject: number;

  beforeAll(async () => {
    users.owner = owner;
    for (const role of ['readWriteMember', 'readOnlyMember', 'stranger'] as const) users[role] = await registerUser(t);
    users.guest = await guestLogin(t);
    // The guest owns a project of its own: being signed in elsewhere grants nothing here.
    await createProject(t, users.guest.token, 'Guest');
    rwProject = (await sharedProject(t, owner.token, 'READ_WRITE', [users.readWriteMember.token], 'RW12')).id;
    roProject = (await sharedProject(t, owner.token, 'READ_ONLY', [users.readOnlyMember.token], 'RO12')).id;
    for (const id of [rwProject, roProject]) {
      fixtures.set(id, {
        protein: await importOk(t, owner.token, id, 'r.pdb', benchFile('5x72', 'receptor.pdb')),
        ligand: await importOk(t, owner.token, id, 'l.sdf', benchFile('5x72', 'ligand.sdf')),
      });
    }
  });

  const tokenOf = (role: Role) => (role === 'noToken' ? undefined : users[role].token);
  const projectFor = (role: Role) => (role === 'readOnlyMember' ? roProject : rwProject);
  const CALLS: { name: string; need: 'read' | 'write'; path: string; body: (p: number) => Record<string, unknown> }[] =
    [
      {
        name: 'pocket/ligand',
        need: 'read',
        path: '/v1/docking/pocket/ligand',
        body: (p) => ({ project_id: p, ligand_id: fixtures.get(p)!.ligand.id }),
      },
      {
        name: 'pocket/residues',
        need: 'read',
        path: '/v1/docking/pocket/residues',
        body: (p) => ({ project_id: p, protein_id: fixtures.get(p)!.protein.id, residues: '10 20' }),
      },
      {
        name: 'pockets/detect',
        need: 'read',
        path: '/v1/docking/pockets/detect',
        body: (p) => ({ project_id: p, protein_id: fixtures.get(p)!.protein.id }),
      },
      {
        name: 'quick_prepare_protein',
        need: 'write',
        path: '/v1/jobs/quick_prepare_protein',
        body: (p) => ({ project_id: p, protein_id: fixtures.get(p)!.protein.id }),
      },
      {
        name: 'prepare_ligand',
        need: 'write',
        path: '/v1/jobs/prepare_ligand',
        body: (p) => ({ project_id: p, ligand_id: fixtures.get(p)!.ligand.id }),
      },
    ];

  for (const call of CALLS) {
    it.each(ROLES)(`${call.name}: %s`, async (role) => {
      const [jobs, files] = [await countRows(t, 'jobs'), await countRows(t, 'files')];
      const res = await t.request<unknown>('POST', call.path, {
        token: tokenOf(role),
        body: call.body(projectFor(role)),
      });
      const want = expectedAnswer(role, call.need);
      if (want === 200) {
        expect({ status: res.status, success: res.body.success }, JSON.stringify(res.body)).toEqual({
          status: 200,
          success: true,
        });
        // Submitting queues one job (the runner is not started here); computing a pocket writes nothing.
        expect(await countRows(t, 'jobs')).toBe(jobs + (call.need === 'write' ? 1 : 0));
      } else {
        expectFailure(res, want[0], want[1]);
        expect(await countRows(t, 'jobs')).toBe(jobs);
      }
      expect(await countRows(t, 'files')).toBe(files);
    });
  }
});
