import type { AuthResult, FileGroup, MessageKey, ProjectFile } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { expectFailure, sharedProject } from '../support/helpers';
import { createTestApp, guestLogin, registerUser, type TestApp, type TestResponse } from '../support/test-app';
import { baseUrlOf, importOk, tusUpload } from '../support/uploads';

/**
 * Who may call what on files and groups: every file-scoped call × every kind of caller,
 * on a project shared READ_WRITE with one member and READ_ONLY... via two projects
 * (a member's rights follow the project's share type), each cell on fresh files.
 */
type Role = 'owner' | 'readWriteMember' | 'readOnlyMember' | 'stranger' | 'guest' | 'noToken';
const ROLES: Role[] = ['owner', 'readWriteMember', 'readOnlyMember', 'stranger', 'guest', 'noToken'];

let t: TestApp;
const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
let rwProject: number;
let roProject: number;

const tokenOf = (role: Role) => (role === 'noToken' ? undefined : users[role].token);
/** Members act on the project whose share type gives them their role. */
const projectFor = (role: Role) => (role === 'readOnlyMember' ? roProject : rwProject);

interface Fixture {
  projectId: number;
  pdb: ProjectFile;
  sdf: ProjectFile;
  group: FileGroup;
}

async function fixture(projectId: number): Promise<Fixture> {
  const owner = users.owner.token;
  // Two chains, waters and hetero groups: both kinds of split have parts to make.
  const pdb = await importOk(t, owner, projectId, 'c.pdb', benchFile('1w1p', 'receptor.pdb'));
  const sdf = await importOk(t, owner, projectId, 'l.sdf', benchFile('1iep', 'ligand.sdf'));
  const extra = await importOk(t, owner, projectId, 'm.sdf', benchFile('7cnq', 'ligand.sdf'));
  const res = await t.request<FileGroup>('POST', '/v1/file_groups/add', {
    token: owner,
    body: { project_id: projectId, ids: [extra.id] },
  });
  return { projectId, pdb, sdf, group: res.body.data };
}

const readFixtures = new Map<number, Promise<Fixture>>();
function sharedFixture(projectId: number): Promise<Fixture> {
  if (!readFixtures.has(projectId)) readFixtures.set(projectId, fixture(projectId));
  return readFixtures.get(projectId)!;
}

type Need = 'read' | 'write';
const CALLS: { name: string; need: Need; run: (token: string | undefined, f: Fixture) => Promise<TestResponse> }[] = [
  {
    name: 'GET /v1/files',
    need: 'read',
    run: (token, f) => t.request('GET', '/v1/files', { token, query: { project_id: f.projectId } }),
  },
  { name: 'GET /v1/files/:id', need: 'read', run: (token, f) => t.request('GET', `/v1/files/${f.pdb.id}`, { token }) },
  {
    name: 'GET /v1/files/:id/content',
    need: 'read',
    run: (token, f) => t.request('GET', `/v1/files/${f.pdb.id}/content`, { token }),
  },
  {
    name: 'GET /v1/files/:id/show_3d',
    need: 'read',
    run: (token, f) => t.request('GET', `/v1/files/${f.pdb.id}/show_3d`, { token }),
  },
  {
    name: 'POST /v1/files/multi_preload',
    need: 'read',
    run: (token, f) => t.request('POST', '/v1/files/multi_preload', { token, body: { ids: [f.pdb.id, f.sdf.id] } }),
  },
  {
    name: 'POST /v1/files/:id/convert_to_smiles',
    need: 'read',
    run: (token, f) =>
      t.request('POST', `/v1/files/${f.sdf.id}/convert_to_smiles`, { token, body: { is_return_img: false } }),
  },
  {
    name: 'GET /v1/projects/:id/groups',
    need: 'read',
    run: (token, f) => t.request('GET', `/v1/projects/${f.projectId}/groups`, { token }),
  },
  {
    name: 'GET /v1/file_groups/files',
    need: 'read',
    run: (token, f) => t.request('GET', '/v1/file_groups/files', { token, query: { group_id: String(f.group.id) } }),
  },
  {
    name: 'GET /v1/files/sts/:id',
    need: 'write',
    run: (token, f) => t.request('GET', `/v1/files/sts/${f.projectId}`, { token }),
  },
  {
    name: 'PUT /v1/files/:id/name',
    need: 'write',
    run: (token, f) => t.request('PUT', `/v1/files/${f.pdb.id}/name`, { token, body: { name: 'new.pdb' } }),
  },
  {
    name: 'PUT /v1/files/:id/content',
    need: 'write',
    run: (token, f) =>
      t.request('PUT', `/v1/files/${f.sdf.id}/content`, {
        token,
        body: { content: benchFile('1iep', 'ligand.sdf').toString() },
      }),
  },
  {
    name: 'PUT /v1/files/:id/disable_entry',
    need: 'write',
    run: (token, f) => t.request('PUT', `/v1/files/${f.pdb.id}/disable_entry`, { token }),
  },
  {
    name: 'DELETE /v1/files/:id',
    need: 'write',
    run: (token, f) => t.request('DELETE', `/v1/files/${f.pdb.id}`, { token }),
  },
  {
    name: 'POST /v1/files/:id/split_pdb',
    need: 'write',
    run: (token, f) => t.request('POST', `/v1/files/${f.pdb.id}/split_pdb`, { token }),
  },
  {
    name: 'POST /v1/files/:id/split_protein_chains',
    need: 'write',
    run: (token, f) => t.request('POST', `/v1/files/${f.pdb.id}/split_protein_chains`, { token }),
  },
  {
    name: 'POST /v1/files/:id/convert_to_3d',
    need: 'write',
    run: (token, f) =>
      t.request('POST', `/v1/files/${f.sdf.id}/convert_to_3d`, { token, body: { is_new_entry: true } }),
  },
  {
    name: 'POST /v1/jobs/to_mol2',
    need: 'write',
    run: (token, f) => t.request('POST', '/v1/jobs/to_mol2', { token, body: { file_ids: [f.sdf.id] } }),
  },
  {
    name: 'POST /v1/jobs/merge_pdb',
    need: 'write',
    run: (token, f) => t.request('POST', '/v1/jobs/merge_pdb', { token, body: { file_ids: [f.pdb.id, f.sdf.id] } }),
  },
  {
    name: 'POST /v1/file_groups/add',
    need: 'write',
    run: (token, f) =>
      t.request('POST', '/v1/file_groups/add', { token, body: { project_id: f.projectId, ids: [f.pdb.id, f.sdf.id] } }),
  },
  {
    name: 'PUT /v1/file_groups/:id/name',
    need: 'write',
    run: (token, f) => t.request('PUT', `/v1/file_groups/${f.group.id}/name`, { token, body: { name: 'G' } }),
  },
  {
    name: 'POST /v1/file_groups/:id/ungroup',
    need: 'write',
    run: (token, f) => t.request('POST', `/v1/file_groups/${f.group.id}/ungroup`, { token }),
  },
  {
    name: 'POST /v1/file_groups/:id/drop_group',
    need: 'write',
    run: (token, f) => t.request('POST', `/v1/file_groups/${f.group.id}/drop_group`, { token }),
  },
];

function expected(role: Role, need: Need): 200 | [number, MessageKey] {
  if (role === 'noToken') return [401, 'sessionExpired'];
  if (role === 'stranger' || role === 'guest') return [404, 'projectNotFound'];
  if (role === 'readOnlyMember' && need === 'write') return [403, 'readOnlyProject'];
  return 200;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'readWriteMember', 'readOnlyMember', 'stranger'] as const)
    users[role] = await registerUser(t);
  users.guest = await guestLogin(t);
  rwProject = (await sharedProject(t, users.owner.token, 'READ_WRITE', [users.readWriteMember.token], 'RW12')).id;
  roProject = (await sharedProject(t, users.owner.token, 'READ_ONLY', [users.readOnlyMember.token], 'RO12')).id;
});
afterAll(() => t?.close());

describe('files permission matrix', () => {
  for (const call of CALLS) {
    describe(call.name, () => {
      it.each(ROLES)('%s', async (role) => {
        // Read calls change nothing: they share one fixture per project.
        const f = call.need === 'read' ? await sharedFixture(projectFor(role)) : await fixture(projectFor(role));
        const res = await call.run(tokenOf(role), f);
        const want = expected(role, call.need);
        if (want === 200) {
          expect({ status: res.status, success: res.body.success }, JSON.stringify(res.body)).toEqual({
            status: 200,
            success: true,
          });
        } else {
          expectFailure(res, want[0], want[1]);
          // A refused write leaves the file as it was.
          const after = await t.request<ProjectFile>('GET', `/v1/files/${f.pdb.id}`, { token: users.owner.token });
          expect(after.body.data).toMatchObject({ name: f.pdb.name, is_show_entry: true, size: f.pdb.size });
        }
      });
    });
  }

  it('uploads: only members who may write can start one', async () => {
    const base = await baseUrlOf(t);
    const content = Buffer.from('ATOM      1  N   GLY A   1       1.000   2.000   3.000  1.00  0.00           N\n');
    await expect(tusUpload(base, users.readWriteMember.token, rwProject, 'a.pdb', content)).resolves.toMatchObject({
      url: expect.stringContaining('/v1/uploads/up'),
    });
    await expect(tusUpload(base, users.readOnlyMember.token, roProject, 'a.pdb', content)).rejects.toThrow(/403/);
    // A stranger does not learn the project exists: 404, as everywhere else in the API (issue 9).
    await expect(tusUpload(base, users.stranger.token, rwProject, 'a.pdb', content)).rejects.toThrow(/404/);
    await expect(tusUpload(base, 'not-a-token', rwProject, 'a.pdb', content)).rejects.toThrow(/401/);
  });
});
