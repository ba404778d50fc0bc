import { fileURLToPath } from 'node:url';
import type { JobSpaceImport, WorkflowInvocation, WorkflowItem } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildServer } from '../support/child-server';
import { uniqueEmail } from '../support/test-app';
import { waitUntil } from '../support/wait';

/**
 * The real server killed with SIGKILL while a workflow's middle step runs, then started
 * again on the same data: the interrupted step's job is run again, the invocation goes on
 * to its last step and ends SCHEDULED, with one job per step.
 */
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/galaxy-tools/${name}`, import.meta.url));
const server = new ChildServer();

beforeAll(() => server.init());
afterAll(() => server.close());

/** Text → wait 4 s and copy → wait 0 s and copy, in gxformat2. */
const WORKFLOW = `class: GalaxyWorkflow
label: Wait twice
tags: [Testing]
inputs:
  Text: data
steps:
  Slow copy:
    tool_id: medx_test_sleep
    in:
      input: Text
    state:
      seconds: 4
  Quick copy:
    tool_id: medx_test_sleep
    in:
      input: Slow copy/output
    state:
      seconds: 0
`;

describe('recovery after the server is killed mid-invocation', () => {
  it('runs the interrupted step again and finishes the invocation', async () => {
    expect(await server.run(['tool-install', fixture('medx_test_sleep')])).toBe(0);
    await server.start();
    const user = await server.register(uniqueEmail('crash'));
    const projectId = (
      await server.api<{ id: number }>('POST', '/v1/projects/new', user.token, { project_name: 'Crash' })
    ).data.id;
    const fileId = await server.upload(user.token, projectId, 'a.txt', 'alpha\n');
    const workflow = await server.api<WorkflowItem>('POST', '/v1/workflows/import', user.token, {
      file_name: 'wait.gxwf.yml',
      content: WORKFLOW,
    });
    expect(workflow.success, workflow.msg).toBe(true);
    const space = await server.api<JobSpaceImport>('POST', '/v1/tools/import', user.token, {
      project_id: projectId,
      file_ids: [fileId],
    });
    const submitted = await server.api<{ job_id: number }>('POST', '/v1/jobs/workflow', user.token, {
      project_id: projectId,
      workflow_id: workflow.data.id,
      workflow_inputs: [
        { step_id: 0, inputs: { batch: false, values: [{ id: space.data.items[0]!.galaxy_file_id, src: 'hda' }] } },
      ],
    });
    expect(submitted.success, submitted.msg).toBe(true);
    const id = submitted.data.job_id;
    const get = async () => (await server.api<WorkflowInvocation>('GET', `/v1/jobs/workflow/${id}`, user.token)).data;

    await waitUntil(get, (inv) => inv.steps[1]!.jobs[0]?.status === 'RUNNING', {
      timeoutMs: 60_000,
      what: 'the slow step running',
    });
    await server.kill();
    await server.start();

    const done = await waitUntil(get, (inv) => inv.state !== 'NEW', {
      timeoutMs: 90_000,
      what: 'the invocation ending',
    });
    expect(done.state, done.error ?? '').toBe('SCHEDULED');
    expect(done.steps.map((s) => [s.state, s.jobs.length, s.jobs[0]?.status ?? null])).toEqual([
      ['DONE', 0, null],
      ['DONE', 1, 'FINISHED'],
      ['DONE', 1, 'FINISHED'],
    ]);
    const slowLog = (
      await server.api<{ comment: string }>('GET', `/v1/jobs/${done.steps[1]!.jobs[0]!.id}/comment`, user.token)
    ).data.comment;
    expect(slowLog).toContain('The server stopped during this job; it is run again.');
    const last = await server.api<{ content: string }>(
      'GET',
      `/v1/files/${done.steps[2]!.outputs.output![0]}/content`,
      user.token,
    );
    expect(last.data.content).toBe('alpha\nslept 4\nslept 0\n');
  }, 240_000);
});
