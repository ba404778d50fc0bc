import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BuilderDraft,
  type BuilderDraftInput,
  BuilderDraft as BuilderDraftSchema,
  type BuilderImport,
  type BuilderPreview,
  type BuilderVersion,
  type BuilderVersionList,
  type BuilderVersionSummary,
  type CondaDependencies,
  type JobSpaceImport,
  type SystemMessage,
  type ToolPanelItem,
  type ToolSubmission,
  type ToolSubmissionDetail,
  type ToolSubmissionList,
} from '@medx/contract';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionsDir } from '../../src/modules/tool-builder/tool-submissions.service';
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
  type TestResponse,
  uniqueEmail,
} from '../support/test-app';
import { importOk } from '../support/uploads';
import { waitUntil } from '../support/wait';

/**
 * The parameter builder against a real server (issue 16): versions, preview (real
 * medx_galaxy build, xmllint against Galaxy's XSD, the catalogue's reader), import, conda
 * parsing, a test run (a TOOL_DRAFT job, confined), publish_app, review (tests run confined,
 * publish into a category, reject with a reason the author reads in News), and the
 * published tool run from the catalogue by another user, each version as it was submitted.
 */

const ADMIN = uniqueEmail('admin');
let t: TestApp;
let author: { token: string; id: number };
let admin: { token: string; id: number };
let other: { token: string; id: number };
let guest: string;
let project: number;
let inputFile: number;

const SCRIPT = [
  'import sys',
  'source, factor, target = sys.argv[1], float(sys.argv[2]), sys.argv[3]',
  'with open(source) as f, open(target, "w") as out:',
  '    for line in f:',
  '        if line.strip():',
  '            out.write("%g\\n" % (float(line) * factor))',
  '',
].join('\n');

/** The two-parameter tool around a small Python script. */
function scaleDraft(toolId: string, version = '1.0.0'): BuilderDraft {
  const input: BuilderDraftInput = {
    info: { toolId, toolName: 'Scale numbers', version, description: 'multiplies every number', helpText: 'Scales.' },
    params: [
      { type: 'data', name: 'numbers', label: 'Numbers', fileTypes: [{ format: 'txt', label: 'txt' }] },
      { type: 'float', name: 'factor', label: 'Factor', default: 2, validator: { min: 0, max: 100, step: null } },
      { type: 'output_data', name: 'scaled', label: 'Scaled numbers', format: 'txt' },
    ],
    commandBlocks: [{ id: 'b1', content: "python '$__tool_directory__/scale.py' '$numbers' '$factor' '$scaled'" }],
    scripts: [{ name: 'scale.py', encoding: 'utf8', content: SCRIPT }],
  };
  return BuilderDraftSchema.parse(input);
}

const post = <T>(url: string, token: string | undefined, body: unknown) =>
  t.request<T>('POST', url, { ...(token ? { token } : {}), body });

/** A multipart POST as a browser sends it (FormData through the WHATWG Request encoder). */
async function postForm<T>(
  url: string,
  token: string | undefined,
  file: { name: string; content: Uint8Array | string } | null,
  fields: Record<string, string> = {},
): Promise<TestResponse<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([file.content]), file.name);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return t.request<T>('POST', url, {
    ...(token ? { token } : {}),
    headers: { 'content-type': encoded.headers.get('content-type')! },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
}

const preview = async (token: string, draft: BuilderDraft) =>
  expectOk(await post<BuilderPreview>('/v1/tool-builder/preview', token, { draft }));

/** The zip the builder page sends: the tool XML, its scripts. */
async function submissionZip(token: string, draft: BuilderDraft, extra: Record<string, Uint8Array> = {}) {
  const { xml } = await preview(token, draft);
  const members: Record<string, Uint8Array> = { [`${draft.info.toolId}.xml`]: strToU8(xml), ...extra };
  for (const script of draft.scripts) members[script.name] = strToU8(script.content);
  return zipSync(members);
}

async function testRun(token: string, draft: BuilderDraft, fileId = inputFile, projectId = project) {
  const space = expectOk(
    await post<JobSpaceImport>('/v1/tools/import', token, { project_id: projectId, file_ids: [fileId] }),
  );
  return post<{ job_id: number }>('/v1/tool-builder/test-runs', token, {
    project_id: projectId,
    draft,
    tool_inputs: {
      numbers: { batch: false, values: [{ id: space.items[0]!.galaxy_file_id, src: 'hda' }] },
      factor: 3,
    },
  });
}

async function fileText(token: string, fileId: number): Promise<string> {
  return expectOk(await t.request<{ content: string }>('GET', `/v1/files/${fileId}/content`, { token })).content;
}

const submissionFolders = () =>
  existsSync(submissionsDir(t.config)) ? readdirSync(submissionsDir(t.config)).sort() : [];

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ADMIN });
  const a = await registerUser(t);
  author = { token: a.token, id: a.user.id };
  const ad = await registerUser(t, ADMIN);
  admin = { token: ad.token, id: ad.user.id };
  const o = await registerUser(t);
  other = { token: o.token, id: o.user.id };
  guest = (await guestLogin(t)).token;
  project = await createProject(t, author.token, 'Builder');
  inputFile = (await importOk(t, author.token, project, 'numbers.txt', '1\n2.5\n4\n')).id;
  t.app.jobs.runner.start();
}, 120_000);
afterAll(() => t?.close());

describe('versions', () => {
  it('saves versions of a draft, lists them newest first with their dates, loads one whole and deletes one', async () => {
    const draft = scaleDraft('medx_versions_tool');
    const first = expectOk(
      await post<BuilderVersionSummary>('/v1/tool-builder/versions', author.token, { draft, note: 'first' }),
      'saveSuccessful',
    );
    const changed = { ...draft, info: { ...draft.info, version: '1.1.0' } };
    const second = expectOk(
      await post<BuilderVersionSummary>('/v1/tool-builder/versions', author.token, { draft: changed, note: 'second' }),
      'saveSuccessful',
    );
    expect(second.id).toBeGreaterThan(first.id);
    const list = expectOk(
      await t.request<BuilderVersionList>('GET', '/v1/tool-builder/versions', {
        token: author.token,
        query: { tool_id: 'medx_versions_tool' },
      }),
    );
    expect(list.items.map((v) => [v.id, v.version, v.note])).toEqual([
      [second.id, '1.1.0', 'second'],
      [first.id, '1.0.0', 'first'],
    ]);
    expect(Number.isNaN(Date.parse(list.items[0]!.timestamp))).toBe(false);
    const loaded = expectOk(
      await t.request<BuilderVersion>('GET', `/v1/tool-builder/versions/${first.id}`, { token: author.token }),
    );
    expect(loaded.draft).toEqual(draft);
    expectOk(
      await t.request('DELETE', `/v1/tool-builder/versions/${first.id}`, { token: author.token }),
      'deleteSuccessful',
    );
    expectFailure(
      await t.request('GET', `/v1/tool-builder/versions/${first.id}`, { token: author.token }),
      404,
      'builderVersionNotFound',
    );
  });

  it("keeps each user's versions to themselves; guests and callers without a token are refused", async () => {
    const saved = expectOk(
      await post<BuilderVersionSummary>('/v1/tool-builder/versions', author.token, {
        draft: scaleDraft('medx_private_tool'),
      }),
      'saveSuccessful',
    );
    expectFailure(
      await t.request('GET', `/v1/tool-builder/versions/${saved.id}`, { token: other.token }),
      404,
      'builderVersionNotFound',
    );
    expectFailure(
      await t.request('DELETE', `/v1/tool-builder/versions/${saved.id}`, { token: other.token }),
      404,
      'builderVersionNotFound',
    );
    const others = expectOk(
      await t.request<BuilderVersionList>('GET', '/v1/tool-builder/versions', { token: other.token }),
    );
    expect(others.items.some((v) => v.id === saved.id)).toBe(false);
    const before = await countRows(t, 'tool_builder_versions');
    expectFailure(
      await post('/v1/tool-builder/versions', guest, { draft: scaleDraft('medx_guest_tool') }),
      403,
      'builderRegisteredOnly',
    );
    expectFailure(
      await post('/v1/tool-builder/versions', undefined, { draft: scaleDraft('x') }),
      401,
      'sessionExpired',
    );
    const noId = scaleDraft('x');
    noId.info.toolId = ' ';
    expectFailure(await post('/v1/tool-builder/versions', author.token, { draft: noId }), 400, 'fieldRequired');
    expect(await countRows(t, 'tool_builder_versions')).toBe(before);
  });
});

describe('preview and import', () => {
  it("makes a Galaxy tool XML that xmllint finds valid against Galaxy's XSD, and the form users will see", async () => {
    const result = await preview(author.token, scaleDraft('medx_preview_tool'));
    expect(result.schema_errors).toEqual([]);
    expect(result.load_error).toBeNull();
    expect(result.xml).toContain('<tool id="medx_preview_tool"');
    expect(result.xml).toContain('$__tool_directory__/scale.py');
    const tool = result.tool as { inputs: { name: string; type: string }[]; outputs: { name: string }[] };
    expect(tool.inputs.map((p) => [p.name, p.type])).toEqual([
      ['numbers', 'data'],
      ['factor', 'float'],
    ]);
    expect(tool.outputs.map((o) => o.name)).toEqual(['scaled']);
  });

  it('says which dependencies this server cannot provide, and will not test-run such a tool', async () => {
    const draft = scaleDraft('medx_needs_more');
    draft.dependencies = [
      { name: 'numpy', version: '', channel: 'conda-forge' },
      { name: 'no-such-package-here', version: '1.0', channel: '' },
    ];
    const tool = (await preview(author.token, draft)).tool as { available: boolean; unavailable_reason: string };
    expect(tool.available).toBe(false);
    expect(tool.unavailable_reason).toContain('no-such-package-here');
    const res = await testRun(author.token, draft);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^This tool cannot run on this server: .*no-such-package-here/);
    draft.dependencies = [draft.dependencies[0]!];
    expect(((await preview(author.token, draft)).tool as { available: boolean }).available).toBe(true);
  });

  it("refuses a draft with problems, naming how many and the first one's place", async () => {
    const draft = scaleDraft('medx_bad_tool');
    draft.commandBlocks = [{ id: 'b1', content: "python '$__tool_directory__/scale.py' '$missing' > '$scaled'" }];
    draft.params[1]!.validator = { min: 10, max: 1, step: null };
    const res = await post('/v1/tool-builder/preview', author.token, { draft });
    expectFailure(res, 400, 'builderDraftInvalid', { params: { count: 3, first: 'params.1.validator.min' } });
  });

  // A file type's label has no place in Galaxy's XML: it comes back as its format (decisions.md).
  it('imports the XML it exported back into the same draft', async () => {
    const draft = scaleDraft('medx_roundtrip_tool');
    const { xml } = await preview(author.token, draft);
    const imported = expectOk(await post<BuilderImport>('/v1/tool-builder/import', author.token, { xml }));
    expect(imported.draft.info).toEqual(draft.info);
    expect(imported.draft.params).toEqual(draft.params);
    expect(imported.draft.commandBlocks.map((b) => b.content).join('\n')).toBe(draft.commandBlocks[0]!.content);
  });

  it("answers the spec's texts for a file without a tool element and for XML that does not parse", async () => {
    expectFailure(
      await post('/v1/tool-builder/import', author.token, { xml: '<macros><token name="@A@">1</token></macros>' }),
      400,
      'builderInvalidXml',
    );
    const broken = await post('/v1/tool-builder/import', author.token, { xml: '<tool id="x"><inputs>' });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/^Failed to parse file: /);
    expectFailure(await post('/v1/tool-builder/import', guest, { xml: '<tool/>' }), 403, 'builderRegisteredOnly');
  });
});

describe('POST /api/parse-conda', () => {
  it('reads the packages of a requirements XML and of a zipped environment.yml', async () => {
    const xml =
      '<macros><requirements><requirement type="package" version="1.26">numpy</requirement></requirements></macros>';
    const fromXml = expectOk(
      await postForm<CondaDependencies>('/api/parse-conda', author.token, { name: 'req.xml', content: xml }),
    );
    expect(fromXml.dependencies).toEqual([{ name: 'numpy', version: '1.26', channel: '' }]);
    const env = 'name: demo\nchannels:\n  - conda-forge\ndependencies:\n  - rdkit=2023.09\n  - python\n';
    const zip = zipSync({ 'environment.yml': strToU8(env) });
    const fromZip = expectOk(
      await postForm<CondaDependencies>('/api/parse-conda', author.token, { name: 'env.zip', content: zip }),
    );
    expect(fromZip.dependencies.map((d) => [d.name, d.version])).toEqual([
      ['rdkit', '2023.09'],
      ['python', ''],
    ]);
  });

  it('refuses another extension, a file that is no package, no file, and guests', async () => {
    expectFailure(
      await postForm('/api/parse-conda', author.token, { name: 'env.txt', content: 'x' }),
      400,
      'toolInvalidFormat',
      { params: { formats: 'bz2, xml, zip' } },
    );
    const res = await postForm('/api/parse-conda', author.token, { name: 'fake.bz2', content: 'not bzip2 at all' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^The file is not a conda package or environment: /);
    expectFailure(await postForm('/api/parse-conda', author.token, null, { note: 'x' }), 400, 'builderFileMissing');
    expectFailure(
      await postForm('/api/parse-conda', guest, { name: 'req.xml', content: '<requirements/>' }),
      403,
      'builderRegisteredOnly',
    );
  });
});

describe('a test run, a submission, its review and the published tool', () => {
  const TOOL = 'medx_scale_numbers';
  let testJob: number;

  it('runs the draft on project files as a confined job whose output is a project file', async () => {
    const draft = scaleDraft(TOOL);
    const { job_id } = expectOk(await testRun(author.token, draft), 'submitToolSuccessful');
    const job = await waitForJob(t, author.token, job_id);
    expect(job.status, job.error ?? '').toBe('FINISHED');
    const outputs = expectOk(
      await t.request<{ id: number; name: string }[]>('GET', `/v1/jobs/${job_id}/files`, { token: author.token }),
    );
    expect(outputs).toHaveLength(1);
    expect((await fileText(author.token, outputs[0]!.id)).trim().split('\n')).toEqual(['3', '7.5', '12']);
    testJob = job_id;
  });

  it('lets only writers of the project start a test run', async () => {
    const draft = scaleDraft(TOOL);
    const reader = await registerUser(t);
    await shareProject(t, author.token, project, 'READ_ONLY');
    await joinProject(t, reader.token, project);
    const jobsBefore = await countRows(t, 'jobs');
    expectFailure(
      await post('/v1/tool-builder/test-runs', reader.token, { project_id: project, draft, tool_inputs: {} }),
      403,
      'readOnlyProject',
    );
    expectFailure(
      await post('/v1/tool-builder/test-runs', other.token, { project_id: project, draft, tool_inputs: {} }),
      404,
      'projectNotFound',
    );
    expectFailure(
      await post('/v1/tool-builder/test-runs', guest, { project_id: project, draft, tool_inputs: {} }),
      403,
      'builderRegisteredOnly',
    );
    expect(await countRows(t, 'jobs')).toBe(jobsBefore);
    // A READ_WRITE member may, on the shared project's files.
    const shared = await createProject(t, author.token, 'Shared RW');
    const sharedFile = (await importOk(t, author.token, shared, 'n.txt', '1\n')).id;
    await shareProject(t, author.token, shared, 'READ_WRITE');
    await joinProject(t, other.token, shared);
    const { job_id } = expectOk(await testRun(other.token, draft, sharedFile, shared), 'submitToolSuccessful');
    expect((await waitForJob(t, other.token, job_id)).status).toBe('FINISHED');
  });

  it('submits the tool with its test run as its <tests>; a second submission of the version is refused', async () => {
    const draft = { ...scaleDraft(TOOL), test: { job_id: testJob } };
    const zip = await submissionZip(author.token, draft);
    const res = await postForm<ToolSubmission>(
      '/v1/users/publish_app',
      author.token,
      { name: `${author.id}.zip`, content: zip },
      { tool_id: TOOL, tool_name: 'Scale numbers', version: '1.0.0', test_job_id: String(testJob) },
    );
    const submission = expectOk(res, 'toolSubmitted');
    expect(submission).toMatchObject({ tool_id: TOOL, version: '1.0.0', status: 'SUBMITTED', test_status: 'NOT_RUN' });
    const again = await postForm(
      '/v1/users/publish_app',
      author.token,
      { name: `${author.id}.zip`, content: zip },
      { tool_id: TOOL, tool_name: 'Scale numbers', version: '1.0.0' },
    );
    expectFailure(again, 409, 'submissionVersionExists', { params: { id: TOOL, version: '1.0.0' } });
    const mine = expectOk(
      await t.request<ToolSubmissionList>('GET', '/v1/tool-builder/submissions', { token: author.token }),
    );
    expect(mine.items.map((s) => [s.tool_id, s.status])).toEqual([[TOOL, 'SUBMITTED']]);
  });

  it('refuses bad submissions and leaves no row and no folder behind', async () => {
    const draft = scaleDraft('medx_refused_tool');
    const zip = await submissionZip(author.token, draft);
    const rows = await countRows(t, 'tool_submissions');
    const folders = submissionFolders();
    const fields = { tool_id: 'medx_refused_tool', tool_name: 'Refused' };
    const send = (token: string | undefined, name: string, content: Uint8Array, extra: Record<string, string> = {}) =>
      postForm('/v1/users/publish_app', token, { name, content }, { ...fields, ...extra });
    expectFailure(await send(author.token, 'tool.zip', zip), 400, 'submissionZipName', {
      params: { name: `${author.id}.zip` },
    });
    const traversal = zipSync({ 'medx_refused_tool.xml': strToU8('<tool/>'), '../escape.py': strToU8('x') });
    const escaped = await send(author.token, `${author.id}.zip`, traversal);
    expect(escaped.status).toBe(400);
    expect(escaped.body.msg).toMatch(/^The submission zip is not usable: /);
    const bomb = zipSync({ 'medx_refused_tool.xml': new Uint8Array(50 * 1024 * 1024) }, { level: 9 });
    expect((await send(author.token, `${author.id}.zip`, bomb)).body.msg).toMatch(
      /^The submission zip is not usable: /,
    );
    expectFailure(await send(author.token, `${author.id}.zip`, zip, { tool_id: '' }), 400, 'fieldRequired');
    expectFailure(
      await send(author.token, `${author.id}.zip`, zip, { tool_id: 'other_id' }),
      400,
      'submissionZipInvalid',
      {
        params: { reason: 'no other_id.xml at the top of the zip' },
      },
    );
    const builtIn = scaleDraft('medx_vina_docking');
    const builtInZip = await submissionZip(author.token, builtIn);
    expectFailure(
      await send(author.token, `${author.id}.zip`, builtInZip, { tool_id: 'medx_vina_docking' }),
      409,
      'submissionIdTaken',
      { params: { id: 'medx_vina_docking' } },
    );
    expectFailure(
      await postForm(
        '/v1/users/publish_app',
        other.token,
        { name: `${other.id}.zip`, content: await submissionZip(other.token, scaleDraft(TOOL, '2.0.0')) },
        { tool_id: TOOL, tool_name: 'Mine now' },
      ),
      409,
      'submissionIdTaken',
      { params: { id: TOOL } },
    );
    expectFailure(await send(guest, 'x.zip', zip), 403, 'builderRegisteredOnly');
    expectFailure(await send(undefined, 'x.zip', zip), 401, 'sessionExpired');
    expect(await countRows(t, 'tool_submissions')).toBe(rows);
    expect(submissionFolders()).toEqual(folders);
  });

  it('lets only admins review, on every review call; an unknown submission is 404', async () => {
    const calls = (token: string | undefined) => [
      t.request('GET', '/v1/admin/tool-submissions', token ? { token } : {}),
      t.request('GET', '/v1/admin/tool-submissions/1', token ? { token } : {}),
      post('/v1/admin/tool-submissions/1/test', token, {}),
      post('/v1/admin/tool-submissions/1/publish', token, { category: 'X' }),
      post('/v1/admin/tool-submissions/1/reject', token, { reason: 'X' }),
    ];
    for (const token of [author.token, other.token, guest]) {
      for (const res of await Promise.all(calls(token))) expectFailure(res, 403, 'submissionAdminOnly');
    }
    for (const res of await Promise.all(calls(undefined))) expectFailure(res, 401, 'sessionExpired');
    expectFailure(
      await t.request('GET', '/v1/admin/tool-submissions/999999', { token: admin.token }),
      404,
      'submissionNotFound',
    );
    expectFailure(await post('/v1/admin/tool-submissions/999999/test', admin.token, {}), 404, 'submissionNotFound');
  });

  it('an admin reads it, runs its tests confined, publishes it into a category; the author hears of it; another user runs it', async () => {
    const queue = expectOk(
      await t.request<ToolSubmissionList>('GET', '/v1/admin/tool-submissions', { token: admin.token }),
    );
    const submission = queue.items.find((s) => s.tool_id === TOOL)!;
    expect(submission.user).toMatchObject({ id: author.id });
    const detail = expectOk(
      await t.request<ToolSubmissionDetail>('GET', `/v1/admin/tool-submissions/${submission.id}`, {
        token: admin.token,
      }),
    );
    expect(detail.xml).toContain('<tests>');
    expect(detail.files.find((f) => f.path === 'scale.py')?.text).toBe(SCRIPT);
    expect(detail.files.map((f) => f.path)).toContain('test-data/out_scaled.txt');

    expectOk(await post(`/v1/admin/tool-submissions/${submission.id}/test`, admin.token, {}));
    const tested = await waitUntil(
      async () =>
        expectOk(
          await t.request<ToolSubmissionDetail>('GET', `/v1/admin/tool-submissions/${submission.id}`, {
            token: admin.token,
          }),
        ),
      (s) => s.test_status !== 'RUNNING',
      { timeoutMs: 120_000, intervalMs: 250, what: 'the tool tests ending' },
    );
    expect(tested.test_status, tested.test_report).toBe('PASSED');

    const published = expectOk(
      await post<ToolSubmission>(`/v1/admin/tool-submissions/${submission.id}/publish`, admin.token, {
        category: 'Community',
      }),
      'submissionPublished',
    );
    expect(published).toMatchObject({ status: 'PUBLISHED', category: 'Community' });
    expectFailure(
      await post(`/v1/admin/tool-submissions/${submission.id}/reject`, admin.token, { reason: 'late' }),
      409,
      'submissionReviewed',
    );

    const panel = expectOk(await t.request<ToolPanelItem[]>('GET', '/v1/tools/panel', { token: other.token }));
    expect(panel.find((tool) => tool.id === TOOL)).toMatchObject({ category: 'Community', version: '1.0.0' });

    const news = expectOk(
      await t.request<SystemMessage[]>('GET', '/v1/messages/system', {
        token: author.token,
        query: { message_type: 'EVENT' },
      }),
    );
    expect(news.map((m) => JSON.parse(m.content).content)).toContain(
      'Scale numbers 1.0.0 is now in the catalogue under Community.',
    );

    const theirs = await createProject(t, other.token, 'Tool user');
    const file = (await importOk(t, other.token, theirs, 'n.txt', '2\n')).id;
    const space = expectOk(
      await post<JobSpaceImport>('/v1/tools/import', other.token, { project_id: theirs, file_ids: [file] }),
    );
    const { job_id } = expectOk(
      await post<{ job_id: number }>('/v1/jobs/tool', other.token, {
        project_id: theirs,
        tool_id: TOOL,
        tool_inputs: {
          numbers: { batch: false, values: [{ id: space.items[0]!.galaxy_file_id, src: 'hda' }] },
          factor: 5,
        },
      }),
      'submitToolSuccessful',
    );
    const job = await waitForJob(t, other.token, job_id);
    expect(job.status, job.error ?? '').toBe('FINISHED');
    const outputs = expectOk(
      await t.request<{ id: number }[]>('GET', `/v1/jobs/${job_id}/files`, { token: other.token }),
    );
    expect((await fileText(other.token, outputs[0]!.id)).trim()).toBe('10');
  });

  it('puts a new version through review again; rejected, the author reads the reason and the catalogue keeps 1.0.0', async () => {
    const next = scaleDraft(TOOL, '1.1.0');
    next.info.toolName = 'Scale numbers (fast)';
    const submission = expectOk(
      await postForm<ToolSubmission>(
        '/v1/users/publish_app',
        author.token,
        { name: `${author.id}.zip`, content: await submissionZip(author.token, next) },
        { tool_id: TOOL, tool_name: next.info.toolName, version: '1.1.0' },
      ),
      'toolSubmitted',
    );
    expect(submission.status).toBe('SUBMITTED');
    expectFailure(
      await post(`/v1/admin/tool-submissions/${submission.id}/reject`, admin.token, { reason: ' ' }),
      400,
      'validationEmptyText',
      { params: { field: 'reason' } },
    );
    expectOk(
      await post(`/v1/admin/tool-submissions/${submission.id}/reject`, admin.token, { reason: 'Add a help text.' }),
      'submissionRejected',
    );
    const news = expectOk(
      await t.request<SystemMessage[]>('GET', '/v1/messages/system', {
        token: author.token,
        query: { message_type: 'EVENT' },
      }),
    );
    expect(news.map((m) => JSON.parse(m.content).content)).toContain(
      'Scale numbers (fast) 1.1.0 was not published: Add a help text.',
    );
    const panel = expectOk(await t.request<ToolPanelItem[]>('GET', '/v1/tools/panel', { token: other.token }));
    expect(panel.find((tool) => tool.id === TOOL)?.version).toBe('1.0.0');
  });

  it('keeps the version a job was submitted with when a newer one is published', async () => {
    const v2 = scaleDraft(TOOL, '2.0.0');
    v2.scripts[0]!.content = SCRIPT.replace('float(line) * factor', 'float(line) * factor * 10');
    const submission = expectOk(
      await postForm<ToolSubmission>(
        '/v1/users/publish_app',
        author.token,
        { name: `${author.id}.zip`, content: await submissionZip(author.token, v2) },
        { tool_id: TOOL, tool_name: 'Scale numbers', version: '2.0.0' },
      ),
      'toolSubmitted',
    );
    // A job of 1.0.0 queued (the runner is paused so it cannot start) before 2.0.0 is published.
    await t.app.jobs.runner.stop();
    const space = expectOk(
      await post<JobSpaceImport>('/v1/tools/import', author.token, { project_id: project, file_ids: [inputFile] }),
    );
    const { job_id } = expectOk(
      await post<{ job_id: number }>('/v1/jobs/tool', author.token, {
        project_id: project,
        tool_id: TOOL,
        tool_inputs: {
          numbers: { batch: false, values: [{ id: space.items[0]!.galaxy_file_id, src: 'hda' }] },
          factor: 1,
        },
      }),
      'submitToolSuccessful',
    );
    expectOk(
      await post(`/v1/admin/tool-submissions/${submission.id}/publish`, admin.token, { category: 'Community' }),
      'submissionPublished',
    );
    t.app.jobs.runner.start();
    const job = await waitForJob(t, author.token, job_id);
    expect(job.status, job.error ?? '').toBe('FINISHED');
    const outputs = expectOk(
      await t.request<{ id: number }[]>('GET', `/v1/jobs/${job_id}/files`, { token: author.token }),
    );
    expect((await fileText(author.token, outputs[0]!.id)).trim().split('\n')).toEqual(['1', '2.5', '4']);
    const panel = expectOk(await t.request<ToolPanelItem[]>('GET', '/v1/tools/panel', { token: other.token }));
    expect(panel.find((tool) => tool.id === TOOL)?.version).toBe('2.0.0');
    expect(existsSync(join(t.config.dataDir, 'tools', 'user', TOOL, '1.0.0'))).toBe(true);
  });
});
