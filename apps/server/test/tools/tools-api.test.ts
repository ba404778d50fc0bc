import { fileURLToPath } from 'node:url';
import type {
  JobSpaceImport,
  ToolConditionalParam,
  ToolDetails,
  ToolOutputFile,
  ToolPanelItem,
  ToolTutorial,
} from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolInstall } from '../../src/modules/tools/tool-admin';
import { waitForJob } from '../docking/docking-support';
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

/**
 * The tools API against a real server: a small fixture tool (test/fixtures/galaxy-tools,
 * installed with `medx tool-install`'s code) besides the built-in catalogue, run by the job
 * engine through medx_galaxy's real Cheetah rendering. Rights and bad inputs: every refusal
 * leaves no job and no job-space row.
 */

const FIXTURE = fileURLToPath(new URL('../fixtures/galaxy-tools/medx_test_concat', import.meta.url));
const TOOL = 'medx_test_concat';
const ADMIN = uniqueEmail('admin');

let t: TestApp;
let owner: { token: string; id: number };
let project: number;
let files: { txt: number; sdf: number; txt2: number };

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ADMIN });
  const lines: string[] = [];
  expect(await toolInstall(t.config, FIXTURE, (line) => lines.push(line))).toBe(0);
  const user = await registerUser(t);
  owner = { token: user.token, id: user.user.id };
  project = await createProject(t, owner.token, 'Tools');
  files = {
    txt: (await importOk(t, owner.token, project, 'a.txt', 'alpha\nbeta\n')).id,
    txt2: (await importOk(t, owner.token, project, 'b.txt', 'gamma\n')).id,
    sdf: (await importOk(t, owner.token, project, 'm.sdf', SDF)).id,
  };
  t.app.jobs.runner.start();
}, 120_000);
afterAll(() => t?.close());

/** A two-molecule SDF, as a project file. */
const SDF = ['ethanol', 'methane']
  .map(
    (name) =>
      `${name}\n  test\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0\nM  END\n$$$$\n`,
  )
  .join('');

const panel = async (token: string) => expectOk(await t.request<ToolPanelItem[]>('GET', '/v1/tools/panel', { token }));
const details = (token: string, tool_id = TOOL) =>
  t.request<ToolDetails>('POST', '/v1/tools/details', { token, body: { tool_id } });
const importFiles = (token: string, file_ids: number[], project_id = project) =>
  t.request<JobSpaceImport>('POST', '/v1/tools/import', { token, body: { project_id, file_ids } });
const submit = (token: string, tool_inputs: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.request<{ job_id: number }>('POST', '/v1/jobs/tool', {
    token,
    body: { project_id: project, tool_id: TOOL, tool_inputs, ...extra },
  });
const hda = (...ids: string[]) => ({ batch: false, values: ids.map((id) => ({ id, src: 'hda' })) });
const galaxyIds = async (token: string, ids: number[]) =>
  expectOk(await importFiles(token, ids)).items.map((item) => item.galaxy_file_id);

describe('the catalogue', () => {
  it('lists the installed tool with its category, availability and the caller’s right', async () => {
    const items = await panel(owner.token);
    const tool = items.find((item) => item.id === TOOL);
    expect(tool).toMatchObject({ name: 'Concatenate (test)', version: '1.0.0', available: true, allowed: true });
    expect(tool?.category).toBe('Other');
    const guest = await guestLogin(t);
    expect((await panel(guest.token)).find((item) => item.id === TOOL)?.allowed).toBe(false);
  });

  it('answers the spec’s Tool shape: data inputs, a conditional keyed by value, a repeat, bounds', async () => {
    const tool = expectOk(await details(owner.token));
    expect(tool.data.map((d) => [d.name, d.format, d.multiple])).toEqual([
      ['first', ['txt'], false],
      ['more', ['sdf', 'pdb'], true],
    ]);
    const mode = tool.inputs.find((p) => p.name === 'mode') as ToolConditionalParam;
    expect(mode.type).toBe('conditional');
    expect(mode.test).toMatchObject({ type: 'select', default: 'plain' });
    expect(Object.keys(mode.when)).toEqual(['plain', 'banner']);
    expect(mode.when.banner?.[0]).toMatchObject({ name: 'text', type: 'text', default: 'hello' });
    expect(tool.inputs.find((p) => p.name === 'notes')).toMatchObject({ type: 'repeat', min: 0, max: 3 });
    expect(tool.inputs.find((p) => p.name === 'lines')).toMatchObject({ type: 'integer', default: 2, min: 1, max: 10 });
  });

  it('answers Tool not found for an unknown id', async () => {
    expectFailure(await details(owner.token, 'no_such_tool'), 404, 'toolNotFound');
  });

  it('renders the tutorial from the tool’s RST help as HTML', async () => {
    const tutorial = expectOk(
      await t.request<ToolTutorial>('POST', '/v1/tools/tutorial', { token: owner.token, body: { tool_id: TOOL } }),
    );
    expect(tutorial.kind).toBe('html');
    expect(tutorial.content).toContain('<strong>What it does</strong>');
    expect(tutorial.content).toContain('<em>first</em>');
  });
});

describe('job space and submission', () => {
  it('runs the tool: two files on one input, a conditional branch, repeats; the output is a project file', async () => {
    const [first, sdf] = await galaxyIds(owner.token, [files.txt, files.sdf]);
    const job = expectOk(
      await submit(owner.token, {
        first: hda(first!),
        more: hda(sdf!),
        'mode|kind': 'banner',
        'mode|text': "it's <me>",
        'notes_0|note': 'one',
        'notes_1|note': 'two',
        lines: 4,
      }),
      'submitToolSuccessful',
    );
    const done = await waitForJob(t, owner.token, job.job_id);
    expect(done.status, done.error ?? '').toBe('FINISHED');
    const rows = expectOk(
      await t.request<ToolOutputFile[]>('GET', `/v1/jobs/${job.job_id}/file_detail`, { token: owner.token }),
    );
    expect(rows).toHaveLength(1);
    const text = await fileText(rows[0]!.file_id);
    expect(text.startsWith('alpha\nbeta\n')).toBe(true);
    expect(text).toContain('$$$$');
    // Galaxy's sanitizer: quotes and angle brackets never reach the shell as themselves.
    expect(text).toContain('it__sq__s __lt__me__gt__');
    expect(text).toContain('note: one\nnote: two\nlines: 4');
  });

  it('a tool that exits non-zero is FAILED with its stderr, and what it wrote is kept', async () => {
    const [first] = await galaxyIds(owner.token, [files.txt2]);
    const job = expectOk(await submit(owner.token, { first: hda(first!), fail: true }), 'submitToolSuccessful');
    const done = await waitForJob(t, owner.token, job.job_id);
    expect(done.status).toBe('FAILED');
    expect(done.error).toContain('failing on purpose');
    const rows = expectOk(
      await t.request<ToolOutputFile[]>('GET', `/v1/jobs/${job.job_id}/file_detail`, { token: owner.token }),
    );
    expect(await fileText(rows[0]!.file_id)).toContain('gamma');
  });

  it('refuses bad inputs with the input named, and makes no job', async () => {
    const [txt, sdf] = await galaxyIds(owner.token, [files.txt, files.sdf]);
    const jobs = await countRows(t, 'jobs');
    expectFailure(await submit(owner.token, {}), 400, 'toolInputRequired', { params: { input: 'First file' } });
    expectFailure(await submit(owner.token, { first: hda(txt!), more: hda(txt!) }), 400, 'toolInvalidFormat', {
      params: { formats: 'sdf, pdb' },
    });
    expectFailure(await submit(owner.token, { first: hda(txt!, txt!) }), 400, 'toolInputSingle', {
      params: { input: 'First file', count: 2 },
    });
    expectFailure(await submit(owner.token, { first: hda(txt!), lines: 11 }), 400, 'toolNumberAboveMax', {
      params: { input: 'Lines', max: 10 },
    });
    expectFailure(await submit(owner.token, { first: hda(txt!), lines: 'x' }), 400, 'toolNumberInvalid', {
      params: { input: 'Lines' },
    });
    expectFailure(await submit(owner.token, { first: hda(txt!), 'mode|kind': 'loud' }), 400, 'toolOptionInvalid', {
      params: { input: 'Mode', value: 'loud' },
    });
    expectFailure(await submit(owner.token, { first: hda(txt!), colour: 'red' }), 400, 'toolInputUnknown', {
      params: { input: 'colour' },
    });
    expectFailure(await submit(owner.token, { first: hda('0123456789abcdef01234567') }), 404, 'toolFileNotInProject', {
      params: { id: '0123456789abcdef01234567' },
    });
    expectFailure(await submit(owner.token, { first: hda(sdf!) }, { tool_id: 'nope' }), 404, 'toolNotFound');
    expect(await countRows(t, 'jobs')).toBe(jobs);
    // Without project_id the body is refused as the API refuses any missing id (404, success false).
    const noProject = await t.request('POST', '/v1/jobs/tool', { token: owner.token, body: { tool_id: TOOL } });
    expect([noProject.status, noProject.body.success]).toEqual([404, false]);
    expect(await countRows(t, 'jobs')).toBe(jobs);
  });

  it('a job-space id of another project is not found in this one', async () => {
    const other = await createProject(t, owner.token, 'Other');
    const file = await importOk(t, owner.token, other, 'c.txt', 'c\n');
    const res = await importFiles(owner.token, [file.id], other);
    const id = expectOk(res).items[0]!.galaxy_file_id;
    const jobs = await countRows(t, 'jobs');
    expectFailure(await submit(owner.token, { first: hda(id) }), 404, 'toolFileNotInProject', { params: { id } });
    expect(await countRows(t, 'jobs')).toBe(jobs);
    // And importing another project's file into this one is refused, with no row written.
    const items = await countRows(t, 'job_space_items');
    expectFailure(await importFiles(owner.token, [file.id]), 404, 'toolFileNotInProject', { params: { id: file.id } });
    expect(await countRows(t, 'job_space_items')).toBe(items);
  });
});

describe('who may call what', () => {
  it('owner and READ_WRITE import and submit; READ_ONLY, a stranger, a guest and no token are refused', async () => {
    const shared = await createProject(t, owner.token, 'Shared');
    const file = await importOk(t, owner.token, shared, 'd.txt', 'delta\n');
    const rw = await registerUser(t);
    const ro = await registerUser(t);
    const stranger = await registerUser(t);
    const guest = await guestLogin(t);
    await shareProject(t, owner.token, shared, 'READ_WRITE', 'RW12');
    await joinProject(t, rw.token, shared, 'RW12');
    const roProject = await createProject(t, owner.token, 'ReadOnly');
    const roFile = await importOk(t, owner.token, roProject, 'e.txt', 'eps\n');
    await shareProject(t, owner.token, roProject, 'READ_ONLY', 'RO12');
    await joinProject(t, ro.token, roProject, 'RO12');

    const importAs = (token: string | undefined, projectId: number, fileId: number) =>
      t.request<JobSpaceImport>('POST', '/v1/tools/import', {
        token,
        body: { project_id: projectId, file_ids: [fileId] },
      });
    const submitAs = (token: string | undefined, projectId: number, id: string) =>
      t.request<{ job_id: number }>('POST', '/v1/jobs/tool', {
        token,
        body: { project_id: projectId, tool_id: TOOL, tool_inputs: { first: hda(id) } },
      });

    const ownId = expectOk(await importAs(owner.token, shared, file.id)).items[0]!.galaxy_file_id;
    const rwId = expectOk(await importAs(rw.token, shared, file.id)).items[0]!.galaxy_file_id;
    expectOk(await submitAs(owner.token, shared, ownId), 'submitToolSuccessful');
    expectOk(await submitAs(rw.token, shared, rwId), 'submitToolSuccessful');

    const before = { jobs: await countRows(t, 'jobs'), items: await countRows(t, 'job_space_items') };
    expect((await importAs(ro.token, roProject, roFile.id)).status).toBe(403);
    expect((await importAs(stranger.token, shared, file.id)).status).toBe(404);
    expect((await importAs(guest.token, shared, file.id)).status).toBe(404);
    expect((await importAs(undefined, shared, file.id)).status).toBe(401);
    expect((await submitAs(stranger.token, shared, ownId)).status).toBe(404);
    expectFailure(await submitAs(guest.token, shared, ownId), 403, 'noToolsPermission');
    expect((await submitAs(undefined, shared, ownId)).status).toBe(401);
    expect((await t.request('GET', '/v1/tools/panel')).status).toBe(401);
    expect({ jobs: await countRows(t, 'jobs'), items: await countRows(t, 'job_space_items') }).toEqual(before);
  });

  it('a tool an admin denies to a user is refused on the server, and shown as not allowed', async () => {
    const user = await registerUser(t);
    const mine = await createProject(t, user.token, 'Mine');
    const file = await importOk(t, user.token, mine, 'f.txt', 'phi\n');
    const id = expectOk(
      await t.request<JobSpaceImport>('POST', '/v1/tools/import', {
        token: user.token,
        body: { project_id: mine, file_ids: [file.id] },
      }),
    ).items[0]!.galaxy_file_id;
    const admin = await registerUser(t, ADMIN);
    const setPolicy = (token: string, tools: unknown) =>
      t.request('PUT', '/v1/tools/policy', { token, body: { user_id: user.user.id, tools } });
    expect((await setPolicy(user.token, [])).status).toBe(403);
    expectOk(await setPolicy(admin.token, [TOOL]), 'updateSuccessful');
    const permissions = expectOk(
      await t.request<{ tools: unknown }>('GET', '/v1/users/permissions', { token: user.token }),
    );
    expect(permissions.tools).toEqual([TOOL]);
    expect((await panel(user.token)).find((item) => item.id === TOOL)?.allowed).toBe(false);
    const jobs = await countRows(t, 'jobs');
    const body = { project_id: mine, tool_id: TOOL, tool_inputs: { first: hda(id) } };
    expectFailure(await t.request('POST', '/v1/jobs/tool', { token: user.token, body }), 403, 'noLicense');
    expect(await countRows(t, 'jobs')).toBe(jobs);
    expectOk(await setPolicy(admin.token, null), 'updateSuccessful');
    expectOk(await t.request('POST', '/v1/jobs/tool', { token: user.token, body }), 'submitToolSuccessful');
  });
});

async function fileText(fileId: number): Promise<string> {
  const res = await t.request<{ content: string }>('GET', `/v1/files/${fileId}/content`, { token: owner.token });
  return expectOk(res).content;
}
