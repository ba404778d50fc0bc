import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AuthResult, type ProjectFile, volumeServerPath } from '@medx/contract';
import { CIF } from 'molstar/lib/commonjs/mol-io/reader/cif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { expectFailure, sharedProject } from '../support/helpers';
import { expectedAnswer, ROLES, type Role } from '../support/roles';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';
import { importOk, objectsUnder } from '../support/uploads';

/**
 * Mol*'s volume server for a project's maps (issue 12 point 7) on gemmi's calculated map of 1ia1
 * around A40-50 (fixtures/density/README.md): the header Mol*'s client reads, a box query around
 * residues 40-50 decoded with Mol*'s own BinaryCIF reader, refusals, and who may stream.
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
let map: ProjectFile;
let pdb: ProjectFile;

const MAP = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../fixtures/density/1ia1_A40-50.ccp4'));

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'Streaming');
  pdb = await importOk(t, owner.token, projectId, '1ia1.pdb', benchFile('1ia1', 'receptor.pdb'));
  map = await importOk(t, owner.token, projectId, '1ia1_A40-50.ccp4', MAP);
});
afterAll(() => t?.close());

const get = (path: string, token: string | null = owner.token, lang?: string) =>
  t.app.http.inject({
    method: 'GET',
    url: path,
    headers: { ...(token ? { token } : {}), ...(lang ? { 'accept-language': lang } : {}) },
  });
const server = (p = projectId) => volumeServerPath(p);
const envelope = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  body: res.json() as { success: boolean; msg: string; data: null },
});

interface Header {
  channels: string[];
  isAvailable: boolean;
  availablePrecisions: { precision: number; maxVoxels: number }[];
  sampling: { sampleCount: number[]; valuesInfo: { mean: number; sigma: number }[] }[];
  spacegroup: { size: number[]; isPeriodic: boolean };
}

describe('header and queries', () => {
  it("answers Mol*'s header JSON for the map as source 'em' and stores the packed map under the project", async () => {
    const res = await get(`${server()}/em/${map.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const header = res.json() as Header;
    expect(header.isAvailable).toBe(true);
    expect(header.channels).toEqual(['em']);
    // The fixture's cell and its 24 x 27 x 26 grid around A40-50.
    expect(header.sampling[0]!.sampleCount.every((n) => n > 0)).toBe(true);
    expect(header.availablePrecisions.length).toBeGreaterThan(0);
    expect(header.spacegroup.size.map((v) => Math.round(v * 100) / 100)).toEqual([76.91, 67.28, 38.49]);
    expect(header.sampling[0]!.sampleCount).toEqual([24, 27, 26]);
    const keys = await objectsUnder(t, `projects/${projectId}/volume-server`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^projects/${projectId}/volume-server/${map.id}-[0-9a-f]{64}\\.mdb$`));
    // A second header reuses the packed map.
    expect((await get(`${server()}/em/${map.id}`)).statusCode).toBe(200);
    expect(await objectsUnder(t, `projects/${projectId}/volume-server`)).toEqual(keys);
  });

  it('answers a box around residues A40-50 as BinaryCIF with an EM block holding density values', async () => {
    const atoms = benchFile('1ia1', 'receptor.pdb')
      .toString()
      .split('\n')
      .filter(
        (l) => l.startsWith('ATOM') && l[21] === 'A' && Number(l.slice(22, 26)) >= 40 && Number(l.slice(22, 26)) <= 50,
      )
      .map((l) => [Number(l.slice(30, 38)), Number(l.slice(38, 46)), Number(l.slice(46, 54))]);
    const min = [0, 1, 2].map((i) => Math.min(...atoms.map((a) => a[i]!)) - 2);
    const max = [0, 1, 2].map((i) => Math.max(...atoms.map((a) => a[i]!)) + 2);
    const res = await get(
      `${server()}/em/${map.id}/box/${min.map((v) => v.toFixed(3)).join(',')}/${max.map((v) => v.toFixed(3)).join(',')}?detail=4`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    const parsed = await CIF.parseBinary(new Uint8Array(res.rawPayload)).run();
    if (parsed.isError) throw new Error(parsed.toString());
    const blocks = parsed.result.blocks;
    expect(blocks.map((b) => b.header)).toEqual(['SERVER', 'EM']);
    const result = blocks[0]!.categories.density_server_result!;
    expect(result.getField('has_error')!.str(0)).toBe('no');
    expect(result.getField('is_empty')!.str(0)).toBe('no');
    const values = blocks[1]!.categories.volume_data_3d!.getField('values')!.toFloatArray();
    expect(values.length).toBeGreaterThan(1000);
    // Real density around the residues: values well above the map's mean (0) and sigma (1).
    expect(Math.max(...values)).toBeGreaterThan(2);
    const sampleCount = blocks[1]!.categories.volume_data_3d_info!.getField('sample_count[0]')!;
    expect(sampleCount.int(0)).toBeGreaterThan(5);
  });

  it('answers the whole cell at the lowest detail', async () => {
    const res = await get(`${server()}/em/${map.id}/cell?detail=0`);
    expect(res.statusCode).toBe(200);
    const parsed = await CIF.parseBinary(new Uint8Array(res.rawPayload)).run();
    if (parsed.isError) throw new Error(parsed.toString());
    expect(parsed.result.blocks.map((b) => b.header)).toEqual(['SERVER', 'EM']);
  });
});

describe('refusals', () => {
  it('a structure file is not a map: 400 with its name, nothing stored', async () => {
    const res = envelope(await get(`${server()}/em/${pdb.id}`));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.msg).toBe(
      'The file 1ia1.pdb cannot be streamed: only CCP4/MRC maps can (.pdb is not ccp4, mrc or map).',
    );
    const zh = envelope(await get(`${server()}/em/${pdb.id}`, owner.token, 'zh-CN'));
    expect(zh.body.msg).toBe('文件 1ia1.pdb 无法流式加载：仅支持 CCP4/MRC 密度图（.pdb is not ccp4, mrc or map）。');
  });

  it('a .ccp4 that is not a map: 400 with the reason, no cached object left behind', async () => {
    const other = await createProject(t, owner.token, 'Broken map');
    // Mode 12 (float16) passes the upload's header check; our reader does not take it.
    const half = Buffer.from(MAP);
    half.writeInt32LE(12, 12);
    const broken = await importOk(t, owner.token, other, 'broken.ccp4', half);
    const res = envelope(await get(`${server(other)}/em/${broken.id}`));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.msg).toMatch(/^The file broken\.ccp4 cannot be streamed: only CCP4\/MRC maps can \(.+\)\.$/);
    expect(await objectsUnder(t, `projects/${other}/volume-server`)).toEqual([]);
  });

  it("source 'x-ray' is 404 (Mol*'s client then says 'No Density Data Available')", async () => {
    const res = envelope(await get(`${server()}/x-ray/${map.id}`));
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe("No streaming data of kind 'x-ray': project maps stream as 'em'.");
  });

  it('an unknown file is 404; a file of another project is refused', async () => {
    expectFailure(
      {
        status: (await get(`${server()}/em/99999999`)).statusCode,
        body: (await get(`${server()}/em/99999999`)).json(),
      },
      404,
      'fileNotFound',
    );
    const other = await createProject(t, owner.token, 'Other');
    const res = envelope(await get(`${server(other)}/em/${map.id}`));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('a malformed box is 400 with the corner named', async () => {
    const res = envelope(await get(`${server()}/em/${map.id}/box/1,2/3,4,5`));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe("Invalid box: '1,2' is not x,y,z");
    const nan = envelope(await get(`${server()}/em/${map.id}/box/a,b,c/3,4,5`));
    expect(nan.status).toBe(400);
  });
});

describe('who may stream (reading the project)', () => {
  const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
  const maps = new Map<number, ProjectFile>();
  let rwProject: number;
  let roProject: number;

  beforeAll(async () => {
    users.owner = owner;
    for (const role of ['readWriteMember', 'readOnlyMember', 'stranger'] as const) users[role] = await registerUser(t);
    users.guest = await guestLogin(t);
    await createProject(t, users.guest.token, 'Guest');
    rwProject = (await sharedProject(t, owner.token, 'READ_WRITE', [users.readWriteMember.token], 'RW12')).id;
    roProject = (await sharedProject(t, owner.token, 'READ_ONLY', [users.readOnlyMember.token], 'RO12')).id;
    for (const id of [rwProject, roProject]) maps.set(id, await importOk(t, owner.token, id, 'm.ccp4', MAP));
  });

  const tokenOf = (role: Role) => (role === 'noToken' ? null : users[role].token);
  const projectFor = (role: Role) => (role === 'readOnlyMember' ? roProject : rwProject);

  for (const kind of ['header', 'box', 'cell'] as const) {
    it.each(ROLES)(`${kind}: %s`, async (role) => {
      const p = projectFor(role);
      const m = maps.get(p)!;
      const tail = kind === 'header' ? '' : kind === 'box' ? '/box/10,10,10/20,20,20?detail=1' : '/cell?detail=0';
      const res = await get(`${server(p)}/em/${m.id}${tail}`, tokenOf(role));
      const want = expectedAnswer(role);
      if (want === 200) {
        expect(res.statusCode, res.body).toBe(200);
      } else {
        expectFailure({ status: res.statusCode, body: res.json() }, want[0], want[1]);
      }
    });
  }
});
