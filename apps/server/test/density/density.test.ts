import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuthResult, DensityMesh, DensityPlyResult, MessageKey, ProjectFile } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { countRows, expectFailure, expectOk, sharedProject } from '../support/helpers';
import { expectedAnswer, ROLES, type Role } from '../support/roles';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';
import { importOk, objectsUnder } from '../support/uploads';

/**
 * Electron density (issue 12 point 7) on gemmi's calculated map of 1ia1 around A40-50
 * (fixtures/density/README.md): the mesh's geometry against the structure's own atoms,
 * the PLY file, who may call, and refusals that store nothing.
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
let pdb: ProjectFile;
let map: ProjectFile;

const MAP = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../fixtures/density/1ia1_A40-50.ccp4'));
/** Largest grid step of the fixture (cell / sampling: 76.91 / 80, 67.28 / 72, 38.49 / 40 Å). */
const STEP = 0.97;
const atoms = benchFile('1ia1', 'receptor.pdb')
  .toString()
  .split('\n')
  .filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM'))
  .map((l) => ({
    resName: l.slice(17, 20).trim(),
    chain: l[21]!,
    resSeq: Number(l.slice(22, 26)),
    p: [Number(l.slice(30, 38)), Number(l.slice(38, 46)), Number(l.slice(46, 54))] as const,
  }));
const of = (chain: string, ...seqs: number[]) => atoms.filter((a) => a.chain === chain && seqs.includes(a.resSeq));
const nearest = (v: readonly number[], set: typeof atoms) =>
  Math.min(...set.map((a) => Math.hypot(a.p[0] - v[0]!, a.p[1] - v[1]!, a.p[2] - v[2]!)));

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'Density');
  pdb = await importOk(t, owner.token, projectId, '1ia1.pdb', benchFile('1ia1', 'receptor.pdb'));
  map = await importOk(t, owner.token, projectId, '1ia1_A40-50.ccp4', MAP);
});
afterAll(() => t?.close());

const post = <T>(path: string, body: Record<string, unknown>, token?: string | null) =>
  t.request<T>('POST', `/v1/files/${path}`, { token: token === null ? undefined : (token ?? owner.token), body });
const base = () => ({ project_id: projectId, pdb_file_id: pdb.id, ccp4_file_id: map.id });

describe('density mesh', () => {
  it('contours the map around the selected residues only: every vertex within carve + a grid step of them', async () => {
    const mesh = expectOk(await post<DensityMesh>('density_mesh', { ...base(), resn_list: ['A:THR43', 'LYS45'] }));
    const selected = of('A', 43, 45);
    expect(mesh.vertices.length).toBeGreaterThan(300);
    expect(mesh.vertices.length % 3).toBe(0);
    expect(mesh.triangles.length % 3).toBe(0);
    expect(mesh.triangles.length).toBeGreaterThan(300);
    const count = mesh.vertices.length / 3;
    for (const i of mesh.triangles) expect(i >= 0 && i < count).toBe(true);
    for (let v = 0; v < mesh.vertices.length; v += 3) {
      expect(nearest(mesh.vertices.slice(v, v + 3), selected)).toBeLessThanOrEqual(2.0 + STEP);
    }
    // The map is normalized over the cell (gemmi --normalize); sigma is this box's RMS.
    expect(mesh.sigma).toBeCloseTo(0.92534, 3);
    expect(mesh.level_value).toBeCloseTo(-0.04704 + 0.92534, 3);
    for (const k of [0, 1, 2]) expect(mesh.bounds.min[k]!).toBeLessThan(mesh.bounds.max[k]!);
    // The surface wraps the atoms: most atoms of the residues have a vertex within 1.5 Å.
    const wrapped = selected.filter((a) => {
      for (let v = 0; v < mesh.vertices.length; v += 3) {
        if (Math.hypot(...[0, 1, 2].map((q) => mesh.vertices[v + q]! - a.p[q]!)) < 1.5) return true;
      }
      return false;
    });
    expect(wrapped.length / selected.length).toBeGreaterThan(0.8);

    // A wider carve and a higher contour: more region, less surface per region.
    const wide = expectOk(await post<DensityMesh>('density_mesh', { ...base(), resn_list: ['A:43'], carve: 4 }));
    const tight = expectOk(
      await post<DensityMesh>('density_mesh', { ...base(), resn_list: ['A:43'], carve: 4, level: 3 }),
    );
    for (let v = 0; v < wide.vertices.length; v += 3) {
      expect(nearest(wide.vertices.slice(v, v + 3), of('A', 43))).toBeLessThanOrEqual(4.0 + STEP);
    }
    expect(tight.level_value).toBeGreaterThan(wide.level_value);
    expect(tight.vertices.length).toBeLessThan(wide.vertices.length);
  });

  it('refuses a residue outside the map, naming the map', async () => {
    // A chain A residue far from the map's box (A40-50 with a 4 Å margin).
    const box = of('A', ...Array.from({ length: 11 }, (_, i) => 40 + i));
    const far = atoms.find(
      (a) => a.chain === 'A' && a.resSeq > 60 && of('A', a.resSeq).every((x) => nearest(x.p, box) > 25),
    )!;
    expect(far).toBeDefined();
    const res = await post('density_mesh', { ...base(), resn_list: [`A:${far.resSeq}`] });
    expectFailure(res, 400, 'densityNoOverlap', { params: { name: '1ia1_A40-50.ccp4' } });
  });

  it('stores the mesh as an ASCII PLY whose header counts match the mesh', async () => {
    const body = { ...base(), resn_list: ['A:THR43', 'LYS45'] };
    const mesh = expectOk(await post<DensityMesh>('density_mesh', body));
    const { file } = expectOk(await post<DensityPlyResult>('ccp4_to_ply', { ...body, name: 'thr43 density' }));
    expect(file).toMatchObject({ name: 'thr43 density', ext: 'ply', project_id: projectId });
    const row = await t.db.kysely.selectFrom('files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
    const text = (await t.app.storage.getBuffer(row.storage_key)).toString('utf8');
    expect(row.file_type).toBe('PLY');
    const header = text.split('end_header\n')[0]!;
    expect(header.startsWith('ply\nformat ascii 1.0\n')).toBe(true);
    expect(header).toContain(`element vertex ${mesh.vertices.length / 3}\n`);
    expect(header).toContain(`element face ${mesh.triangles.length / 3}\n`);
    const body2 = text.split('end_header\n')[1]!.trim().split('\n');
    expect(body2.length).toBe(mesh.vertices.length / 3 + mesh.triangles.length / 3);
    expect(body2[0]!.split(' ').map(Number)).toEqual(mesh.vertices.slice(0, 3));
    expect(body2.at(-1)).toBe(`3 ${mesh.triangles.slice(-3).join(' ')}`);
    // Without a name: the map's name.
    const unnamed = expectOk(await post<DensityPlyResult>('ccp4_to_ply', body));
    expect(unnamed.file.name).toBe('1ia1_A40-50_density');
  });
});

describe('refusals store nothing', () => {
  const CASES: {
    name: string;
    body: () => Record<string, unknown>;
    key: MessageKey;
    params?: () => Record<string, string | number>;
  }[] = [
    { name: 'no residue', body: () => ({ ...base(), resn_list: [] }), key: 'densitySelectResidue' },
    { name: 'blank residues', body: () => ({ ...base(), resn_list: [' '] }), key: 'densitySelectResidue' },
    {
      name: 'no map',
      body: () => ({ project_id: projectId, pdb_file_id: pdb.id, resn_list: ['A:43'] }),
      key: 'densitySelectMap',
    },
    {
      name: 'unknown residues',
      body: () => ({ ...base(), resn_list: ['A:THR43', 'GLY43', 'A:999', 'x:y:z'] }),
      key: 'densityUnknownResidues',
      params: () => ({ name: '1ia1.pdb', residues: 'GLY43, A:999, x:y:z' }),
    },
    {
      name: 'a structure as the map',
      body: () => ({ ...base(), ccp4_file_id: pdb.id, resn_list: ['A:43'] }),
      key: 'densityNotMap',
      params: () => ({ name: '1ia1.pdb', detail: '.pdb is not a map extension (ccp4, mrc, map)' }),
    },
    {
      name: 'the map as the structure',
      body: () => ({ ...base(), pdb_file_id: map.id, resn_list: ['A:43'] }),
      key: 'densityNotStructure',
      params: () => ({ name: '1ia1_A40-50.ccp4' }),
    },
  ];
  for (const c of CASES) {
    it.each(['density_mesh', 'ccp4_to_ply'])(`${c.name}: %s`, async (path) => {
      const [rows, objects] = [await countRows(t, 'files'), (await objectsUnder(t, `projects/${projectId}`)).length];
      expectFailure(await post(path, c.body()), 400, c.key, { params: c.params?.() });
      expect(await countRows(t, 'files')).toBe(rows);
      expect((await objectsUnder(t, `projects/${projectId}`)).length).toBe(objects);
    });
  }

  it('out-of-range carve and level are refused by the schema', async () => {
    for (const extra of [{ carve: 0.2 }, { carve: 11 }, { level: 0 }, { level: 12 }]) {
      const res = await post('density_mesh', { ...base(), resn_list: ['A:43'], ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
  });

  it('a broken map: the reason is given', async () => {
    // Mode 12 (float16) passes the upload's header check; this reader does not take it.
    const half = Buffer.from(MAP);
    half.writeInt32LE(12, 12);
    const bad = await importOk(t, owner.token, projectId, 'half.ccp4', half);
    const rows = await countRows(t, 'files');
    const res = await post('ccp4_to_ply', { ...base(), ccp4_file_id: bad.id, resn_list: ['A:43'] });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The file half.ccp4 is not a CCP4/MRC map: unsupported data mode 12');
    expect(await countRows(t, 'files')).toBe(rows);
  });
});

describe('who may build density (read) and store a PLY (write)', () => {
  const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
  const fixtures = new Map<number, { pdb: ProjectFile; map: ProjectFile }>();
  let rwProject: number;
  let roProject: number;

  beforeAll(async () => {
    users.owner = owner;
    for (const role of ['readWriteMember', 'readOnlyMember', 'stranger'] as const) users[role] = await registerUser(t);
    users.guest = await guestLogin(t);
    await createProject(t, users.guest.token, 'Guest');
    rwProject = (await sharedProject(t, owner.token, 'READ_WRITE', [users.readWriteMember.token], 'RW12')).id;
    roProject = (await sharedProject(t, owner.token, 'READ_ONLY', [users.readOnlyMember.token], 'RO12')).id;
    for (const id of [rwProject, roProject]) {
      fixtures.set(id, {
        pdb: await importOk(t, owner.token, id, '1ia1.pdb', benchFile('1ia1', 'receptor.pdb')),
        map: await importOk(t, owner.token, id, 'm.ccp4', MAP),
      });
    }
  });

  const tokenOf = (role: Role) => (role === 'noToken' ? null : users[role].token);
  const projectFor = (role: Role) => (role === 'readOnlyMember' ? roProject : rwProject);

  for (const [path, need] of [
    ['density_mesh', 'read'],
    ['ccp4_to_ply', 'write'],
  ] as const) {
    it.each(ROLES)(`${path}: %s`, async (role) => {
      const p = projectFor(role);
      const f = fixtures.get(p)!;
      const rows = await countRows(t, 'files');
      const res = await post(
        path,
        { project_id: p, pdb_file_id: f.pdb.id, ccp4_file_id: f.map.id, resn_list: ['A:43'] },
        tokenOf(role),
      );
      const want = expectedAnswer(role, need);
      if (want === 200) {
        expect({ status: res.status, success: res.body.success }, JSON.stringify(res.body)).toEqual({
          status: 200,
          success: true,
        });
        expect(await countRows(t, 'files')).toBe(rows + (need === 'write' ? 1 : 0));
      } else {
        expectFailure(res, want[0], want[1]);
        expect(await countRows(t, 'files')).toBe(rows);
      }
    });
  }
});
