import { fileURLToPath } from 'node:url';
import type {
  JobSpaceImport,
  WorkflowCatalogue,
  WorkflowDetails,
  WorkflowInvocation,
  WorkflowItem,
  WorkflowJobList,
} from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolInstall } from '../../src/modules/tools/tool-admin';
import { alive } from '../docking/docking-support';
import { countRows, expectFailure, expectOk } from '../support/helpers';
import {
  createProject,
  createTestApp,
  guestLogin,
  joinProject,
  registerUser,
  shareProject,
  type TestApp,
  uniqueEmail,
} from '../support/test-app';
import { importOk } from '../support/uploads';
import { waitUntil } from '../support/wait';

/**
 * Workflows against a real server: Galaxy workflow files imported and exported, and
 * invocations run by the job engine with real tools (two small fixture tools, Cheetah
 * rendering, bash), their steps scheduled as their inputs appear.
 */

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/galaxy-tools/${name}`, import.meta.url));
const ADMIN = uniqueEmail('admin');

let t: TestApp;
let owner: { token: string; id: number };
let project: number;
let txt: number;

/**
 * A three-step .ga as Galaxy writes it: a text input, concat (banner "top") → wait-and-copy
 * (runtime seconds) → concat again (its `fail` switch a runtime value too).
 */
function chainGa(options: { failMiddle?: boolean; seconds?: number; format?: string } = {}) {
  const step = (id: number, rest: Record<string, unknown>) => ({
    id,
    annotation: '',
    label: null,
    name: 'step',
    position: { left: id * 200, top: 100 },
    uuid: null,
    errors: null,
    inputs: [],
    outputs: [],
    workflow_outputs: [],
    post_job_actions: {},
    ...rest,
  });
  const concat = (id: number, from: number, output: string, fail: boolean) =>
    step(id, {
      type: 'tool',
      tool_id: 'medx_test_concat',
      tool_version: '1.0.0',
      input_connections: { first: { id: from, output_name: output } },
      tool_state: JSON.stringify({
        first: { __class__: 'ConnectedValue' },
        more: null,
        mode: { kind: 'banner', __current_case__: 1, text: `step ${id}` },
        notes: [],
        lines: '2',
        fail: fail ? 'true' : 'false',
        __page__: null,
        __rerun_remap_job_id__: null,
      }),
      post_job_actions: {
        RenameDatasetActionoutput: {
          action_type: 'RenameDatasetAction',
          output_name: 'output',
          action_arguments: { newname: `joined ${id}` },
        },
      },
    });
  return JSON.stringify({
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name: 'Chain (test)',
    annotation: 'concat, wait, concat',
    tags: ['Testing'],
    uuid: '0b5f3cde-6c1a-4a36-9b3e-9b1d7e2f0c11',
    steps: {
      '0': step(0, {
        type: 'data_input',
        label: 'Text',
        tool_state: JSON.stringify({ optional: false, format: [options.format ?? 'txt'] }),
        inputs: [{ name: 'Text', description: '' }],
      }),
      '1': concat(1, 0, 'output', options.failMiddle ?? false),
      '2': step(2, {
        type: 'tool',
        tool_id: 'toolshed.g2.bx.psu.edu/repos/medx/test/medx_test_sleep/1.0.0',
        tool_version: '1.0.0',
        input_connections: { input: { id: 1, output_name: 'output' } },
        tool_state: JSON.stringify({ input: { __class__: 'ConnectedValue' }, seconds: String(options.seconds ?? 0) }),
      }),
      '3': concat(3, 2, 'output', false),
    },
  });
}

const request = <T>(method: string, path: string, token: string | undefined, body?: unknown) =>
  t.request<T>(method, path, { token, body });
const importWorkflow = (token: string | undefined, content: string, file_name = 'chain.ga') =>
  request<WorkflowItem>('POST', '/v1/workflows/import', token, { file_name, content });
const galaxyId = async (token: string, fileId: number, projectId = project) =>
  expectOk(
    await request<JobSpaceImport>('POST', '/v1/tools/import', token, { project_id: projectId, file_ids: [fileId] }),
  ).items[0]!.galaxy_file_id;
const hda = (...ids: string[]) => ({ batch: false, values: ids.map((id) => ({ id, src: 'hda' })) });
const submit = (token: string | undefined, body: Record<string, unknown>) =>
  request<{ job_id: number }>('POST', '/v1/jobs/workflow', token, { project_id: project, ...body });
const invocation = async (token: string, id: number) =>
  expectOk(await request<WorkflowInvocation>('GET', `/v1/jobs/workflow/${id}`, token));
const settled = (token: string, id: number) =>
  waitUntil(
    () => invocation(token, id),
    (inv) => inv.state !== 'NEW' && inv.steps.every((s) => s.jobs.every((j) => !ACTIVE.includes(j.status))),
    { timeoutMs: 120_000, intervalMs: 200, what: `invocation ${id} ending` },
  );
const ACTIVE = ['PRE_PROCESSING', 'RUNNING', 'POST_PROCESSING'];
const fileText = async (token: string, fileId: number) =>
  (await request<{ content: string }>('GET', `/v1/files/${fileId}/content`, token)).body.data.content;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ADMIN });
  for (const name of ['medx_test_concat', 'medx_test_sleep']) {
    expect(await toolInstall(t.config, fixture(name), () => {})).toBe(0);
  }
  const user = await registerUser(t);
  owner = { token: user.token, id: user.user.id };
  project = await createProject(t, owner.token, 'Workflows');
  txt = (await importOk(t, owner.token, project, 'a.txt', 'alpha\nbeta\n')).id;
  t.app.jobs.runner.start();
}, 180_000);
afterAll(() => t?.close());

describe('the catalogue', () => {
  it('groups the built-in workflows by tag, every one runnable with the tools of this server', async () => {
    const groups = expectOk(await request<WorkflowCatalogue>('GET', '/v1/workflows', owner.token));
    const byTag = Object.fromEntries(groups.map((g) => [g.tag, g.items.map((i) => i.id)]));
    expect(byTag.Docking).toEqual(expect.arrayContaining(['docking', 'redock_validation']));
    expect(byTag['Virtual Screening']).toContain('screen_and_filter');
    expect(byTag['Molecular Dynamics']).toContain('md_minimisation');
    for (const item of groups.flatMap((g) => g.items)) {
      expect(item, item.id).toMatchObject({ runnable: true, missing_tools: [], enabled: true, source: 'builtin' });
    }
  });

  it('answers a workflow by id and by name, with its steps, params and connections', async () => {
    const docking = expectOk(await request<WorkflowDetails>('GET', '/v1/workflows/docking', owner.token));
    const byName = expectOk(await request<WorkflowDetails>('GET', '/v1/workflows/by_name?name=Docking', owner.token));
    expect(byName.workflow_id).toBe('docking');
    expect(docking.steps.map((s) => [s.label, s.type])).toEqual([
      ['Protein', 'data_input'],
      ['Ligands', 'data_collection_input'],
      ['Prepare protein', 'tool'],
      ['Prepare ligands', 'tool'],
      ['Detect pocket', 'tool'],
      ['Dock', 'tool'],
    ]);
    expect(docking.workflow_inputs).toEqual([
      { step_id: 0, inputs: ['Protein'] },
      { step_id: 1, inputs: ['Ligands'] },
    ]);
    const dock = docking.steps[5]!;
    expect(dock.connections).toEqual([
      { input: 'receptor', step_id: 2, output: 'prepared' },
      { input: 'ligands', step_id: 3, output: 'prepared' },
      { input: 'box', step_id: 4, output: 'box' },
    ]);
    expect(dock.params.find((p) => p.name === 'seed')).toMatchObject({ type: 'integer', default: 42 });
    expect(dock.params.find((p) => p.name === 'receptor')).toMatchObject({ is_connection: true });
    expect(dock.editable).toEqual(['exhaustiveness', 'num_modes', 'energy_range', 'seed']);
  });

  it('offers no connected param for editing, data or not (a parameter input feeds Top ligands’ count)', async () => {
    const screen = expectOk(await request<WorkflowDetails>('GET', '/v1/workflows/screen_and_filter', owner.token));
    const top = screen.steps.find((s) => s.label === 'Top ligands')!;
    expect(top.connections.map((c) => c.input)).toEqual(['poses', 'top']);
    expect(top.editable).toEqual(['tag', 'descending']);
  });

  it('answers Workflow not found for an unknown id', async () => {
    expectFailure(await request('GET', '/v1/workflows/nope', owner.token), 404, 'workflowNotFound');
  });
});

describe('import and export', () => {
  it('imports a .ga, exports it as .ga and gxformat2, and both read back to the same workflow', async () => {
    const item = expectOk(await importWorkflow(owner.token, chainGa()));
    expect(item).toMatchObject({ name: 'Chain (test)', runnable: true, source: 'imported', tags: ['Testing'] });
    const details = expectOk(await request<WorkflowDetails>('GET', `/v1/workflows/${item.id}`, owner.token));
    const ga = await t.app.http.inject({
      method: 'GET',
      url: `/v1/workflows/${item.id}/export?format=ga`,
      headers: { token: owner.token },
    });
    const yml = await t.app.http.inject({
      method: 'GET',
      url: `/v1/workflows/${item.id}/export?format=gxformat2`,
      headers: { token: owner.token },
    });
    expect(ga.headers['content-disposition']).toContain('Chain_test_.ga');
    expect(JSON.parse(ga.body)).toMatchObject({ a_galaxy_workflow: 'true', 'format-version': '0.1' });
    expect(yml.body).toContain('class: GalaxyWorkflow');
    for (const [text, name] of [
      [ga.body, 'again.ga'],
      [yml.body, 'again.gxwf.yml'],
    ] as const) {
      const again = expectOk(await importWorkflow(owner.token, text, name));
      const read = expectOk(await request<WorkflowDetails>('GET', `/v1/workflows/${again.id}`, owner.token));
      expect(read.steps.map((s) => [s.type, s.tool_id, s.connections, s.params])).toEqual(
        details.steps.map((s) => [s.type, s.tool_id, s.connections, s.params]),
      );
    }
  });

  it('keeps a workflow whose tools are not installed, not runnable, naming them; refuses to run it', async () => {
    const text = chainGa().replaceAll('medx_test_concat', 'toolshed.g2.bx.psu.edu/repos/x/y/not_here/1.0');
    const item = expectOk(await importWorkflow(owner.token, text));
    expect(item).toMatchObject({ runnable: false, missing_tools: ['toolshed.g2.bx.psu.edu/repos/x/y/not_here/1.0'] });
    const before = await countRows(t, 'workflow_invocations');
    const res = await submit(owner.token, { workflow_id: item.id, workflow_inputs: [] });
    expectFailure(res, 400, 'workflowNotRunnable', {
      params: { reason: 'missing tools: toolshed.g2.bx.psu.edu/repos/x/y/not_here/1.0' },
    });
    expect(await countRows(t, 'workflow_invocations')).toBe(before);
  });

  it.each([
    ['not JSON', '{"a_galaxy_workflow": "true", ', 'The file is not valid JSON'],
    ['a cycle', chainGa().replace('"first":{"id":0,', '"first":{"id":3,'), 'Step 2'],
    ['a dangling connection', chainGa().replace('"input":{"id":1,', '"input":{"id":9,'), 'Step 3'],
    ['an unknown step type', chainGa().replace('"type":"data_input"', '"type":"pause"'), 'Text: the step type "pause"'],
  ])('refuses %s with a message naming the fault, and stores nothing', async (_what, content, text) => {
    const before = await countRows(t, 'workflows');
    const res = await importWorkflow(owner.token, content);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.msg).toContain(text);
    expect(await countRows(t, 'workflows')).toBe(before);
  });
});

describe('invocations', () => {
  let chain: string;
  beforeAll(async () => {
    chain = expectOk(await importWorkflow(owner.token, chainGa())).id;
  });

  it('runs three steps in order, each on the previous one’s output, and ends SCHEDULED', async () => {
    const input = await galaxyId(owner.token, txt);
    const { job_id } = expectOk(
      await submit(owner.token, { workflow_id: chain, workflow_inputs: [{ step_id: 0, inputs: hda(input) }] }),
      'submitToolSuccessful',
    );
    const done = await settled(owner.token, job_id);
    expect(done).toMatchObject({
      state: 'SCHEDULED',
      job_name: 'Chain (test)_WORKFLOW',
      steps_done: 4,
      steps_total: 4,
    });
    expect(done.steps.map((s) => s.state)).toEqual(['DONE', 'DONE', 'DONE', 'DONE']);
    const jobs = done.steps.slice(1).map((s) => s.jobs[0]!);
    expect(jobs.map((j) => j.status)).toEqual(['FINISHED', 'FINISHED', 'FINISHED']);
    expect(jobs[0]!.id).toBeLessThan(jobs[1]!.id);
    const last = await fileText(owner.token, done.steps[3]!.outputs.output![0]!);
    expect(last.split('\n')).toEqual(expect.arrayContaining(['alpha', 'beta', 'step 1', 'slept 0', 'step 3']));
    expect(last.indexOf('step 1')).toBeLessThan(last.indexOf('slept 0'));
    // The .ga's RenameDatasetAction named the concat steps' output files.
    const names = await t.db.kysely
      .selectFrom('files')
      .select('name')
      .where('id', 'in', [done.steps[1]!.outputs.output![0]!, done.steps[3]!.outputs.output![0]!])
      .orderBy('id')
      .execute();
    expect(names.map((n) => n.name)).toEqual(['joined 1.txt', 'joined 3.txt']);
    const list = expectOk(
      await request<WorkflowJobList>('GET', `/v1/jobs/workflow?project_id=${project}`, owner.token),
    );
    expect(list.items[0]).toMatchObject({ id: job_id, state: 'SCHEDULED', project_name: 'Workflows' });
  });

  it('fails naming the failed step; the steps after it never start', async () => {
    const failing = expectOk(await importWorkflow(owner.token, chainGa({ failMiddle: true }))).id;
    const input = await galaxyId(owner.token, txt);
    const jobsBefore = await countRows(t, 'jobs');
    const { job_id } = expectOk(
      await submit(owner.token, { workflow_id: failing, workflow_inputs: [{ step_id: 0, inputs: hda(input) }] }),
      'submitToolSuccessful',
    );
    const done = await settled(owner.token, job_id);
    expect(done.state).toBe('FAILED');
    expect(done.error).toMatch(/^Step 2 \(medx_test_concat\): .*failing on purpose/s);
    expect(done.steps.map((s) => s.state)).toEqual(['DONE', 'FAILED', 'SKIPPED', 'SKIPPED']);
    expect(done.steps[2]!.jobs).toEqual([]);
    expect(await countRows(t, 'jobs')).toBe(jobsBefore + 1);
  });

  it('lets the user set a step’s params, and refuses a param that is connected or unknown', async () => {
    const input = await galaxyId(owner.token, txt);
    const bad = await submit(owner.token, {
      workflow_id: chain,
      workflow_inputs: [{ step_id: 0, inputs: hda(input) }],
      workflow_params: { '1': { first: hda(input) } },
    });
    expectFailure(bad, 400, 'workflowParamUnknown', { params: { step: 'Step 2', input: 'first' } });
    const { job_id } = expectOk(
      await submit(owner.token, {
        workflow_id: chain,
        workflow_inputs: [{ step_id: 0, inputs: hda(input) }],
        workflow_params: { '3': { 'mode|text': 'the end' } },
      }),
      'submitToolSuccessful',
    );
    const done = await settled(owner.token, job_id);
    expect(await fileText(owner.token, done.steps[3]!.outputs.output![0]!)).toContain('the end');
  });

  it('Cancel stops the running step and its program; the steps after it never start', async () => {
    const slow = expectOk(await importWorkflow(owner.token, chainGa({ seconds: 120 }))).id;
    const input = await galaxyId(owner.token, txt);
    const { job_id } = expectOk(
      await submit(owner.token, { workflow_id: slow, workflow_inputs: [{ step_id: 0, inputs: hda(input) }] }),
      'submitToolSuccessful',
    );
    const running = await waitUntil(
      () => invocation(owner.token, job_id),
      (inv) => inv.steps[2]!.jobs[0]?.status === 'RUNNING',
      { timeoutMs: 60_000, intervalMs: 100, what: 'the waiting step running' },
    );
    const jobId = running.steps[2]!.jobs[0]!.id;
    const pids = await waitUntil(
      async () => t.app.jobs.runner.pidsOf(jobId),
      (list) => list.length > 0,
      { timeoutMs: 30_000, intervalMs: 50, what: 'the step’s program started' },
    );
    expectOk(await request('POST', `/v1/jobs/workflow/${job_id}/cancel`, owner.token), 'cancelSuccessful');
    const done = await settled(owner.token, job_id);
    expect(done.state).toBe('STOPPED');
    expect(done.steps.map((s) => s.state)).toEqual(['DONE', 'DONE', 'STOPPED', 'STOPPED']);
    expect(done.steps[2]!.jobs[0]!.status).toBe('STOPPED');
    expect(done.steps[3]!.jobs).toEqual([]);
    await waitUntil(
      async () => pids.filter(alive),
      (left) => left.length === 0,
      { timeoutMs: 10_000, intervalMs: 100, what: 'the step’s programs gone' },
    );
    expectFailure(await request('POST', `/v1/jobs/workflow/${job_id}/cancel`, owner.token), 400, 'workflowNotRunning');
  });

  it('re-runs an invocation with the same inputs', async () => {
    const input = await galaxyId(owner.token, txt);
    const first = expectOk(
      await submit(owner.token, { workflow_id: chain, workflow_inputs: [{ step_id: 0, inputs: hda(input) }] }),
      'submitToolSuccessful',
    ).job_id;
    await settled(owner.token, first);
    const again = expectOk(
      await request<{ job_id: number }>('POST', `/v1/jobs/workflow/${first}/rerun`, owner.token),
      'submitToolSuccessful',
    );
    const done = await settled(owner.token, again.job_id);
    expect(again.job_id).not.toBe(first);
    expect(done.state).toBe('SCHEDULED');
  });

  it.each([
    ['a missing input', () => [], 'workflowInputMissing', { input: 'Text' }],
    [
      'a file of the wrong format',
      async () => [{ step_id: 0, inputs: hda(await galaxyId(owner.token, txt)) }],
      'workflowInputFormat',
      { input: 'Text', name: 'a.txt', formats: 'pdb' },
    ],
    ['an input on a tool step', async () => [{ step_id: 1, inputs: 'x' }], 'workflowStepUnknown', { step: 1 }],
  ] as const)('refuses %s: a 4xx, no invocation and no job', async (_what, inputs, key, params) => {
    // The input takes PDB only here: a text file is not one (an SD file would be a text file, Galaxy's rule).
    const pdbOnly = expectOk(await importWorkflow(owner.token, chainGa({ format: 'pdb' }))).id;
    const before = [await countRows(t, 'workflow_invocations'), await countRows(t, 'jobs')];
    expectFailure(await submit(owner.token, { workflow_id: pdbOnly, workflow_inputs: await inputs() }), 400, key, {
      params,
    });
    expect([await countRows(t, 'workflow_invocations'), await countRows(t, 'jobs')]).toEqual(before);
  });
});

describe('who may do what', () => {
  it('owner and READ_WRITE run and cancel; READ_ONLY reads; strangers and guests are refused', async () => {
    const shared = await createProject(t, owner.token, 'Shared wf');
    const file = (await importOk(t, owner.token, shared, 'd.txt', 'delta\n')).id;
    const rw = await registerUser(t);
    const ro = await registerUser(t);
    const stranger = await registerUser(t);
    const guest = await guestLogin(t);
    await shareProject(t, owner.token, shared, 'READ_WRITE', 'RW12');
    await joinProject(t, rw.token, shared, 'RW12');
    const roProject = await createProject(t, owner.token, 'Read only');
    await shareProject(t, owner.token, roProject, 'READ_ONLY', 'RO12');
    await joinProject(t, ro.token, roProject, 'RO12');
    const roFile = (await importOk(t, owner.token, roProject, 'e.txt', 'epsilon\n')).id;
    const id = expectOk(await importWorkflow(owner.token, chainGa())).id;
    // Imported workflows are their importer's: the others run the built-in one.
    const rwWorkflow = expectOk(await importWorkflow(rw.token, chainGa())).id;
    const run = (token: string | undefined, projectId: number, workflow: string, fileGalaxyId: string) =>
      request<{ job_id: number }>('POST', '/v1/jobs/workflow', token, {
        project_id: projectId,
        workflow_id: workflow,
        workflow_inputs: [{ step_id: 0, inputs: hda(fileGalaxyId) }],
      });
    const ownRun = expectOk(
      await run(owner.token, shared, id, await galaxyId(owner.token, file, shared)),
      'submitToolSuccessful',
    ).job_id;
    expectOk(await run(rw.token, shared, rwWorkflow, await galaxyId(rw.token, file, shared)), 'submitToolSuccessful');
    expect((await request('GET', `/v1/jobs/workflow/${ownRun}`, rw.token)).status).toBe(200);
    expect((await request('GET', `/v1/jobs/workflow/${ownRun}`, stranger.token)).status).toBe(404);
    expect((await request('GET', `/v1/jobs/workflow/${ownRun}`, undefined)).status).toBe(401);
    expect((await request('GET', `/v1/jobs/workflow?project_id=${shared}`, stranger.token)).status).toBe(404);
    expect((await request('GET', '/v1/workflows/docking', stranger.token)).status).toBe(200);
    // A stranger cannot see another user's imported workflow.
    expectFailure(await request('GET', `/v1/workflows/${id}`, stranger.token), 404, 'workflowNotFound');
    // READ_ONLY: reads the project's invocations, may not run one there.
    const roRun = expectOk(
      await run(owner.token, roProject, id, await galaxyId(owner.token, roFile, roProject)),
      'submitToolSuccessful',
    ).job_id;
    expect((await request('GET', `/v1/jobs/workflow/${roRun}`, ro.token)).status).toBe(200);
    const roWorkflow = expectOk(await importWorkflow(ro.token, chainGa())).id;
    expect((await run(ro.token, roProject, roWorkflow, 'whatever')).status).toBe(403);
    expect((await request('POST', `/v1/jobs/workflow/${roRun}/cancel`, ro.token)).status).toBe(403);
    // Guests have no workflows (spec §3 permission data: workflows false).
    expectFailure(await request('GET', '/v1/workflows/docking', guest.token), 403, 'noLicense');
    expectFailure(await importWorkflow(guest.token, chainGa()), 403, 'noLicense');
    await settled(owner.token, ownRun);
    await settled(owner.token, roRun);
  });

  it('enforces an admin’s workflows policy on the server: a denied workflow is neither shown open nor run', async () => {
    const admin = await registerUser(t, ADMIN);
    const user = await registerUser(t);
    const set = (token: string, workflows: unknown) =>
      request('PUT', '/v1/workflows/policy', token, { user_id: user.user.id, workflows });
    expect((await set(user.token, ['docking'])).status).toBe(403);
    expectOk(await set(admin.token, { docking: 'deny', md_minimisation: true }), 'updateSuccessful');
    const items = expectOk(await request<WorkflowCatalogue>('GET', '/v1/workflows', user.token)).flatMap(
      (g) => g.items,
    );
    expect(items.find((i) => i.id === 'docking')?.enabled).toBe(false);
    expect(items.find((i) => i.id === 'md_minimisation')?.enabled).toBe(true);
    expectFailure(await request('GET', '/v1/workflows/docking', user.token), 403, 'noLicense');
    const own = await createProject(t, user.token, 'Denied');
    expectFailure(
      await request('POST', '/v1/jobs/workflow', user.token, {
        project_id: own,
        workflow_id: 'docking',
        workflow_inputs: [],
      }),
      403,
      'noLicense',
    );
    expectOk(await set(admin.token, null), 'updateSuccessful');
    expect((await request('GET', '/v1/workflows/docking', user.token)).status).toBe(200);
  });
});
