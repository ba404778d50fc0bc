import type {
  AuthResult,
  DetectPocketsResult,
  DockingRankedPose,
  JobSpaceImport,
  ProjectFile,
  WorkflowInvocation,
} from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVinaBox } from '../../src/chem/vina-box-file';
import { dockingProject7cnq, waitForJob } from '../docking/docking-support';
import { expectOk } from '../support/helpers';
import type { TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait';

/**
 * The built-in Docking workflow on a real complex (7CNQ's receptor and crystal ligand):
 * Quick Prepare, ligand preparation, pocket detection and Vina run as the jobs users know,
 * and the docking step gives the same poses as the docking window given the same
 * prepared files, the same detected pocket and the same seed. Small settings keep it short.
 */

let t: TestApp;
let owner: AuthResult;
let projectId: number;
let protein: ProjectFile;
let ligand: ProjectFile;
beforeAll(async () => {
  ({ t, owner, projectId, protein, ligand } = await dockingProject7cnq('Docking wf'));
}, 120_000);
afterAll(() => t?.close());

const SETTINGS = { exhaustiveness: 2, num_modes: 3, seed: 20261125 };

describe('the Docking workflow', () => {
  it('prepares, finds the pocket, docks; the same as the docking window with the same seed', async () => {
    const { items } = expectOk(
      await t.request<JobSpaceImport>('POST', '/v1/tools/import', {
        token: owner.token,
        body: { project_id: projectId, file_ids: [protein.id, ligand.id] },
      }),
    );
    const hda = (index: number) => ({ batch: false, values: [{ id: items[index]!.galaxy_file_id, src: 'hda' }] });
    const submitted = expectOk(
      await t.request<{ job_id: number }>('POST', '/v1/jobs/workflow', {
        token: owner.token,
        body: {
          project_id: projectId,
          workflow_id: 'docking',
          workflow_inputs: [
            { step_id: 0, inputs: hda(0) },
            { step_id: 1, inputs: hda(1) },
          ],
          workflow_params: { '5': SETTINGS },
        },
      }),
      'submitToolSuccessful',
    );
    const done = await waitUntil(
      async () =>
        expectOk(
          await t.request<WorkflowInvocation>('GET', `/v1/jobs/workflow/${submitted.job_id}`, { token: owner.token }),
        ),
      (inv) => inv.state !== 'NEW',
      { timeoutMs: 300_000, intervalMs: 500, what: 'the docking workflow ending' },
    );
    expect(done.error).toBeNull();
    expect(done.state).toBe('SCHEDULED');
    const [, , prep, ligPrep, pocket, dock] = done.steps;
    expect([prep, ligPrep, pocket, dock].map((s) => s!.jobs.map((j) => j.job_type))).toEqual([
      ['QUICK_PREPARE_PROTEIN'],
      ['PREPARE_LIGAND'],
      ['DETECT_POCKETS'],
      ['DOCKING'],
    ]);
    const preparedProtein = prep!.outputs.prepared![0]!;
    const preparedLigand = ligPrep!.outputs.prepared![0]!;
    const boxText = (
      await t.request<{ content: string }>('GET', `/v1/files/${pocket!.outputs.box![0]}/content`, {
        token: owner.token,
      })
    ).body.data.content;

    // The docking window's path: detect pockets on the prepared protein, dock with the first one.
    const detected = expectOk(
      await t.request<DetectPocketsResult>('POST', '/v1/docking/pockets/detect', {
        token: owner.token,
        body: { project_id: projectId, protein_id: preparedProtein },
      }),
    );
    expect(parseVinaBox(boxText)).toEqual(detected.pockets[0]!.pocket);
    const windowJob = expectOk(
      await t.request<{ job_id: number }>('POST', '/v1/jobs/docking', {
        token: owner.token,
        body: {
          project_id: projectId,
          protein_id: preparedProtein,
          ligand_ids: [preparedLigand],
          pocket: detected.pockets[0]!.pocket,
          settings: SETTINGS,
        },
      }),
      'submitSuccess',
    ).job_id;
    expect((await waitForJob(t, owner.token, windowJob, 300_000)).status).toBe('FINISHED');

    const poses = async (jobId: number) => {
      const rows = expectOk(
        await t.request<DockingRankedPose[]>('GET', `/v1/jobs/${jobId}/file_detail`, { token: owner.token }),
      );
      const files = await Promise.all(
        rows.map(
          async (row) =>
            (await t.request<{ content: string }>('GET', `/v1/files/${row.file_id}/content`, { token: owner.token }))
              .body.data.content,
        ),
      );
      return { scores: rows.map((r) => [r.rank, r.pose, r.score]), files };
    };
    const fromWorkflow = await poses(dock!.jobs[0]!.id);
    const fromWindow = await poses(windowJob);
    expect(fromWorkflow.scores.length).toBeGreaterThan(0);
    expect(fromWorkflow.scores).toEqual(fromWindow.scores);
    expect(fromWorkflow.files).toEqual(fromWindow.files);
  }, 600_000);
});
