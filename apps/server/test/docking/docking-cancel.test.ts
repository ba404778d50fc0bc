import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResult, DockingResultList, DockingSubmitResult, ProjectFile } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { expectOk } from '../support/helpers';
import type { TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait';
import { alive, cmdline, dockingProject7cnq, pocketOf, waitForJob } from './docking-support';

/**
 * Cancel reaches every program of a job, including those a chemistry helper starts deep
 * inside the executor: here the Open Babel run that converts the best pose to PDB for
 * the protein-ligand complex (mergeToPdb), which the executor does not start itself.
 *
 * To catch that run in the act, Open Babel is reached through a wrapper that runs the
 * real obabel for every call except the merge's conversion (`-isdf -opdb` on stdin),
 * where it first waits (a child `sleep`, in the program's own process group).
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
let protein: ProjectFile;
let ligand: ProjectFile;
let shimDir: string;
const previousObabel = process.env.MEDX_OBABEL;
const crystal = benchFile('7cnq', 'ligand.sdf').toString();

beforeAll(async () => {
  shimDir = mkdtempSync(join(tmpdir(), 'medx-obabel-shim-'));
  const shim = join(shimDir, 'obabel');
  writeFileSync(
    shim,
    `#!/bin/sh
echo "\${OMP_NUM_THREADS:-unset}" >> "${shimDir}/threads"
if [ "$1" = "-isdf" ] && [ "$2" = "-opdb" ]; then
  touch "${shimDir}/merging"
  sleep 120
fi
exec /usr/bin/obabel "$@"
`,
  );
  chmodSync(shim, 0o755);
  process.env.MEDX_OBABEL = shim;
  ({ t, owner, projectId, protein, ligand } = await dockingProject7cnq('Cancel'));
});
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
  if (previousObabel === undefined) delete process.env.MEDX_OBABEL;
  else process.env.MEDX_OBABEL = previousObabel;
  rmSync(shimDir, { recursive: true, force: true });
});

describe('cancel during the complex merge', () => {
  it('kills the Open Babel run of the merge and its child, and records no results; Open Babel ran on one thread', async () => {
    const jobId = expectOk(
      await t.request<DockingSubmitResult>('POST', '/v1/jobs/docking', {
        token: owner.token,
        body: {
          project_id: projectId,
          protein_id: protein.id,
          ligand_ids: [ligand.id],
          pocket: pocketOf(crystal),
          settings: { exhaustiveness: 1, seed: 7 },
        },
      }),
      'submitSuccess',
    ).job_id;
    const { runner } = t.app.jobs;
    // The merge's Open Babel is running (its pid belongs to the job) and waiting.
    const merging = await waitUntil(
      async () => runner.pidsOf(jobId).filter((pid) => alive(pid) && / -isdf -opdb/.test(cmdline(pid))),
      (pids) => pids.length === 1 && existsSync(join(shimDir, 'merging')),
      { timeoutMs: 120_000, intervalMs: 100, what: 'the merge to start' },
    );
    const group = merging[0]!;
    // Every Open Babel run so far (receptor, ligand, merge) got one OpenMP thread (issue 9).
    const threads = readFileSync(join(shimDir, 'threads'), 'utf8').trim().split('\n');
    expect(threads.length).toBeGreaterThanOrEqual(3);
    expect(new Set(threads)).toEqual(new Set(['1']));
    expectOk(await t.request('POST', `/v1/jobs/${jobId}/cancel`, { token: owner.token }), 'cancelSuccessful');
    // The whole group goes: the wrapper and its sleep.
    await waitUntil(
      async () => {
        try {
          process.kill(-group, 0);
          return true;
        } catch {
          return false;
        }
      },
      (exists) => !exists,
      { timeoutMs: 10_000, what: 'the merge process group to end' },
    );
    expect((await waitForJob(t, owner.token, jobId)).status).toBe('STOPPED');
    expect(runner.pidsOf(jobId)).toEqual([]);
    const results = expectOk(
      await t.request<DockingResultList>('GET', `/v1/jobs/${jobId}/docking_result`, { token: owner.token }),
    );
    expect(results.total).toBe(0);
  }, 180_000);
});
