import type { AuthResult, DockingSubmitResult } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { countRows, expectFailure, sharedProject } from '../support/helpers';
import { expectedAnswer, ROLES, type Role } from '../support/roles';
import { createTestApp, guestLogin, registerUser, type TestApp, type TestResponse } from '../support/test-app';
import { importOk } from '../support/uploads';
import { pocketOf } from './docking-support';

/**
 * Who may submit, rerun and read docking results: every call × every kind of caller,
 * on a project shared READ_WRITE and one shared READ_ONLY (a member's rights follow
 * the share type). The runner is not started: access is decided before any docking runs.
 */

let t: TestApp;
const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
interface Fixture {
  projectId: number;
  body: Record<string, unknown>;
  jobId: number;
}
const fixtures = {} as Record<'rw' | 'ro', Fixture>;
const crystal = benchFile('7cnq', 'ligand.sdf').toString();

async function fixture(projectId: number): Promise<Fixture> {
  const owner = users.owner.token;
  const protein = await importOk(t, owner, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
  const ligand = await importOk(t, owner, projectId, 'lig.sdf', crystal);
  const body = { project_id: projectId, protein_id: protein.id, ligand_ids: [ligand.id], pocket: pocketOf(crystal) };
  const res = await t.request<DockingSubmitResult>('POST', '/v1/jobs/docking', { token: owner, body });
  return { projectId, body, jobId: res.body.data.job_id };
}

const tokenOf = (role: Role) => (role === 'noToken' ? undefined : users[role].token);
const fixtureFor = (role: Role) => (role === 'readOnlyMember' ? fixtures.ro : fixtures.rw);

type Need = 'read' | 'write';
const CALLS: { name: string; need: Need; run: (token: string | undefined, f: Fixture) => Promise<TestResponse> }[] = [
  {
    name: 'POST /v1/jobs/docking',
    need: 'write',
    run: (token, f) => t.request('POST', '/v1/jobs/docking', { token, body: f.body }),
  },
  {
    name: 'POST /v1/jobs/:id/rerun',
    need: 'write',
    run: (token, f) => t.request('POST', `/v1/jobs/${f.jobId}/rerun`, { token }),
  },
  {
    name: 'GET /v1/jobs/:id/docking_result',
    need: 'read',
    run: (token, f) => t.request('GET', `/v1/jobs/${f.jobId}/docking_result`, { token }),
  },
  {
    name: 'GET /v1/projects/:id/docking_result',
    need: 'read',
    run: (token, f) =>
      t.request('GET', `/v1/projects/${f.projectId}/docking_result`, { token, query: { job_id: f.jobId } }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'readWriteMember', 'readOnlyMember', 'stranger'] as const)
    users[role] = await registerUser(t);
  users.guest = await guestLogin(t);
  const rw = await sharedProject(t, users.owner.token, 'READ_WRITE', [users.readWriteMember.token], 'RW12');
  const ro = await sharedProject(t, users.owner.token, 'READ_ONLY', [users.readOnlyMember.token], 'RO12');
  fixtures.rw = await fixture(rw.id);
  fixtures.ro = await fixture(ro.id);
});
afterAll(() => t?.close());

describe('docking permission matrix', () => {
  for (const call of CALLS) {
    describe(call.name, () => {
      it.each(ROLES)('%s', async (role) => {
        const f = fixtureFor(role);
        const jobsBefore = await countRows(t, 'jobs');
        const res = await call.run(tokenOf(role), f);
        const want = expectedAnswer(role, call.need);
        if (want === 200) {
          expect({ status: res.status, success: res.body.success }, JSON.stringify(res.body)).toEqual({
            status: 200,
            success: true,
          });
          if (call.need === 'write') expect(await countRows(t, 'jobs')).toBe(jobsBefore + 1);
        } else {
          expectFailure(res, want[0], want[1]);
          // A refused call creates no job.
          expect(await countRows(t, 'jobs')).toBe(jobsBefore);
        }
      });
    });
  }
});
