/**
 * The workflow engine: an invocation's steps become jobs of the job engine. A step is
 * submitted once every step it is connected to is DONE; its outputs (the project files
 * its jobs wrote) flow along the connections. Independent steps run side by side (as
 * many as the job queue's concurrency lets run); a failed step fails the invocation,
 * naming the step, and the steps after it never start. Nothing here runs in a loop of
 * its own: `advance` looks at the database and does what is due, and is called when an
 * invocation is created, whenever one of its jobs ends, at start-up (a restart picks up
 * where the database says) and by a slow sweep (jobs that ended on another machine).
 */
import { ACTIVE_JOB_STATUSES, translate, type WorkflowJobRequest } from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { InvocationStepRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, iso } from '../../lib/clock';
import type { ObjectStorage } from '../../storage/object-storage';
import type { FilesRepository } from '../files/files.repository';
import type { JobsService } from '../jobs/jobs.service';
import type { GalaxyParam } from '../tools/galaxy-model';
import type { StepToolRegistry } from '../tools/step-tools';
import { outputFileName } from '../tools/tool.executor';
import { buildValues, type Flat } from '../tools/tool-form';
import { topologicalOrder } from './workflow-check';
import { stepName, type ToolStep, type WorkflowModel } from './workflow-model';
import type { StepJob, WorkflowsRepository } from './workflows.repository';

/** How often active invocations are looked at even without a job event (jobs on other machines). */
const SWEEP_MS = 5_000;

/** What an input step received, as the invocation stores it (request, resolved at submission). */
export type StoredInput = { files: number[] } | { value: string | number | boolean | null };

/** An invocation's request as stored: inputs resolved to project files, tool params by step. */
export interface StoredRequest {
  inputs: Record<string, StoredInput>;
  params: Record<string, WorkflowJobRequest['workflow_params'][string]>;
}

/** A DONE step's outputs: output name → project files; a parameter's value. */
export interface StepOutputs {
  files: Record<string, number[]>;
  value?: string | number | boolean | null;
}

const OVER: InvocationStepRow['state'][] = ['FAILED', 'SKIPPED', 'STOPPED'];

export class WorkflowEngine {
  private readonly chains = new Map<number, Promise<void>>();
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      repository: WorkflowsRepository;
      stepTools: StepToolRegistry;
      jobs: JobsService;
      files: FilesRepository;
      storage: ObjectStorage;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {
    deps.jobs.onSettled((jobId) => {
      void deps.repository.invocationOfJob(jobId).then(
        async (id) => {
          if (id !== undefined) await this.advance(id);
        },
        (err: unknown) => deps.log.error({ err, jobId }, 'workflow: could not find the invocation of a job'),
      );
    });
    deps.jobs.onStarted(() => {
      void this.advanceAll();
      this.sweep ??= setInterval(() => void this.advanceAll(), SWEEP_MS);
      this.sweep.unref();
    });
  }

  /** Every running invocation, once (start-up after a restart, and the sweep). */
  async advanceAll(): Promise<void> {
    try {
      for (const id of await this.deps.repository.activeInvocationIds()) await this.advance(id);
    } catch (err) {
      this.deps.log.error({ err }, 'workflow: the sweep of running invocations failed');
    }
  }

  /** Does what is due for an invocation; calls for one invocation run one after another. */
  advance(id: number): Promise<void> {
    const previous = this.chains.get(id) ?? Promise.resolve();
    const next = previous
      .then(() => this.step(id))
      .catch((err: unknown) => this.deps.log.error({ err, invocation: id }, 'workflow: advancing failed'));
    this.chains.set(id, next);
    void next.finally(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
    return next;
  }

  private async step(id: number): Promise<void> {
    const { repository } = this.deps;
    const invocation = await repository.findInvocation(id);
    if (!invocation || invocation.state !== 'NEW') return;
    const model = JSON.parse(invocation.model) as WorkflowModel;
    const request = JSON.parse(invocation.request) as StoredRequest;
    const rows = new Map((await repository.steps(id)).map((row) => [row.step_index, row]));
    const jobsByStep = new Map<number, StepJob[]>();
    for (const job of await repository.stepJobs(id)) {
      const list = jobsByStep.get(job.step_index) ?? [];
      list.push(job);
      jobsByStep.set(job.step_index, list);
    }
    const user = await repository.findUser(invocation.user_id);
    const auth: AuthContext | null = user ? { user, sessionId: 0 } : null;
    const set = (index: number, patch: Partial<InvocationStepRow> & { state: InvocationStepRow['state'] }) => {
      const row = rows.get(index)!;
      rows.set(index, { ...row, ...patch });
    };

    for (const index of topologicalOrder(model)) {
      const step = model.steps[index]!;
      const row = rows.get(index);
      if (!row || step.type !== 'tool') continue;
      if (row.state === 'RUNNING') {
        const patch = await this.settle(step, row, jobsByStep.get(index) ?? [], auth);
        if (patch && (await repository.transitionStep(id, index, ['RUNNING'], patch))) set(index, patch);
      }
      if (row.state === 'WAITING') {
        const sources = Object.values(step.connections).flatMap((list) => list.map((c) => rows.get(c.step)));
        if (sources.some((source) => source && OVER.includes(source.state))) {
          const patch = { state: 'SKIPPED' as const };
          if (await repository.transitionStep(id, index, ['WAITING'], patch)) set(index, patch);
        } else if (sources.every((source) => source?.state === 'DONE')) {
          if (!(await repository.transitionStep(id, index, ['WAITING'], { state: 'RUNNING' }))) continue;
          set(index, { state: 'RUNNING' });
          try {
            if (!auth) throw new Error('The user who started this workflow no longer exists.');
            const count = await this.submit(id, invocation.project_id, invocation.job_name, step, rows, request, auth);
            await repository.transitionStep(id, index, ['RUNNING'], {
              state: 'RUNNING',
              outputs: JSON.stringify({ elements: count }),
            });
          } catch (err) {
            const error = `${stepName(step)} (${step.tool_id}): ${errorText(err)}`;
            const patch = { state: 'FAILED' as const, error };
            if (await repository.transitionStep(id, index, ['RUNNING'], patch)) set(index, patch);
          }
        }
      }
    }

    const states = [...rows.values()];
    const failed = states.find((row) => row.state === 'FAILED');
    const now = iso(this.deps.clock.now());
    if (failed) {
      // The steps that had not started never will; those running finish (their outputs stay).
      for (const row of states) {
        if (row.state === 'WAITING')
          await repository.transitionStep(id, row.step_index, ['WAITING'], { state: 'SKIPPED' });
      }
      await repository.finishInvocation(id, { state: 'FAILED', error: failed.error, finished_at: now });
    } else if (states.every((row) => row.state === 'DONE')) {
      await repository.finishInvocation(id, { state: 'SCHEDULED', error: null, finished_at: now });
    }
  }

  /** A RUNNING step whose jobs all ended: DONE with their outputs, or FAILED naming the job. */
  private async settle(
    step: ToolStep,
    row: InvocationStepRow,
    jobs: StepJob[],
    auth: AuthContext | null,
  ): Promise<(Partial<InvocationStepRow> & { state: InvocationStepRow['state'] }) | null> {
    const bad = jobs.find((job) => job.status === 'FAILED' || job.status === 'STOPPED');
    if (bad) {
      // A failed element stops its siblings: the step has failed whatever they give.
      for (const job of jobs) {
        if (auth && ACTIVE_JOB_STATUSES.includes(job.status)) await this.deps.jobs.cancel(auth, job.id).catch(() => {});
      }
      const reason = bad.status === 'STOPPED' ? 'its job was stopped' : (bad.error ?? 'its job failed');
      return { state: 'FAILED', error: `${stepName(step)} (${step.tool_id}): ${reason}` };
    }
    const expected = (JSON.parse(row.outputs) as { elements?: number }).elements;
    if (expected === undefined || jobs.length < expected || jobs.some((job) => job.status !== 'FINISHED')) return null;
    const tool = await this.deps.stepTools.resolve(step.tool_id);
    if (!tool) return { state: 'FAILED', error: `${stepName(step)}: the tool ${step.tool_id} is no longer installed.` };
    const files: Record<string, number[]> = {};
    for (const job of await this.deps.repository.stepJobRows(row.invocation_id, row.step_index)) {
      for (const [name, ids] of Object.entries(await tool.outputsOf(job)))
        files[name] = [...(files[name] ?? []), ...ids];
    }
    await this.postJobActions(step, files);
    const outputs: StepOutputs = { files };
    return { state: 'DONE', outputs: JSON.stringify(outputs) };
  }

  /**
   * Submits a step's jobs: its fixed values, the user's values for it, and what its
   * connections bring. A list arriving at a single data input is mapped over (a job per
   * element, Galaxy's implicit map-over); the number of jobs is answered.
   */
  private async submit(
    invocationId: number,
    projectId: number,
    jobName: string | null,
    step: ToolStep,
    rows: Map<number, InvocationStepRow>,
    request: StoredRequest,
    auth: AuthContext,
  ): Promise<number> {
    const tool = await this.deps.stepTools.resolve(step.tool_id);
    if (!tool) throw new Error(`the tool ${step.tool_id} is not installed on this server.`);
    if (tool.unavailable) throw new Error(tool.unavailable);
    const flat: Flat = { ...step.state, ...(request.params[String(step.index)] ?? {}) };
    const mapped: { input: string; files: number[] }[] = [];
    const single: { input: string; files: number[] }[] = [];
    for (const [input, connections] of Object.entries(step.connections)) {
      const param = paramAt(tool.inputs, input);
      const files: number[] = [];
      for (const connection of connections) {
        const outputs = JSON.parse(rows.get(connection.step)!.outputs) as StepOutputs;
        if (param?.type !== 'data') {
          flat[input] = outputs.value === undefined ? null : outputs.value;
          continue;
        }
        files.push(...(outputs.files[connection.output] ?? []));
      }
      if (param?.type !== 'data') continue;
      if (files.length === 0 && !param.optional) throw new Error(`the input ${input} received no file.`);
      (files.length > 1 && !param.multiple ? mapped : single).push({ input, files });
    }
    const counts = new Set(mapped.map((m) => m.files.length));
    if (counts.size > 1) throw new Error(`lists of different lengths (${[...counts].join(', ')}) meet in this step.`);
    const elements = mapped.length ? mapped[0]!.files.length : 1;
    const ids = [...new Set([...mapped, ...single].flatMap((m) => m.files))];
    const known = new Map((await this.deps.files.findManyByIds(ids)).map((file) => [file.id, file]));
    const dataValue = (files: number[]) => ({
      batch: false as const,
      values: files.map((fileId) => ({ id: `file:${fileId}`, src: 'hda' as const })),
    });
    for (const { input, files } of single) flat[input] = dataValue(files);
    const done = new Set(
      (await this.deps.repository.stepJobs(invocationId))
        .filter((job) => job.step_index === step.index)
        .map((job) => job.element_index),
    );
    for (let element = 0; element < elements; element++) {
      if (done.has(element)) continue; // submitted before a restart
      const values = { ...flat };
      for (const { input, files } of mapped) values[input] = dataValue([files[element]!]);
      const built = buildValues(
        tool.inputs,
        values,
        (galaxyId) => {
          const file = known.get(Number(galaxyId.slice('file:'.length)));
          if (!file || file.project_id !== projectId) throw new Error(`the file ${galaxyId} no longer exists.`);
          return { file_id: file.id, ext: file.ext };
        },
        { ignoreUnknown: true },
      );
      const job = await tool.job(built, { projectId, read: (fileId) => this.read(fileId, projectId) });
      const name = [jobName, stepName(step), elements > 1 ? `#${element + 1}` : ''].filter(Boolean).join(' / ');
      const jobId = await this.deps.jobs.submitRaw(auth, projectId, job.jobType, name.slice(0, 128), job.params);
      await this.deps.repository.linkJob({
        job_id: jobId,
        invocation_id: invocationId,
        step_index: step.index,
        element_index: element,
      });
    }
    return elements;
  }

  /**
   * Galaxy's post-job actions that matter here: RenameDatasetAction names the output's
   * project file (several files of a mapped step are numbered), HideDatasetAction keeps it
   * out of the Entry List (it stays in the job's outputs).
   */
  private async postJobActions(step: ToolStep, files: Record<string, number[]>): Promise<void> {
    for (const [output, ids] of Object.entries(files)) {
      const rename = step.rename[output];
      const hide = step.hide.includes(output);
      if (!rename && !hide) continue;
      const rows = await this.deps.files.findManyByIds(ids);
      for (const [i, row] of rows.entries()) {
        const patch: { name?: string; is_show_entry?: number } = {};
        if (rename) patch.name = outputFileName(rows.length > 1 ? `${rename}_${i + 1}` : rename, row.ext);
        if (hide) patch.is_show_entry = 0;
        await this.deps.files.update(row.id, patch);
      }
    }
  }

  private async read(fileId: number, projectId: number): Promise<Buffer> {
    const [file] = await this.deps.files.findManyByIds([fileId]);
    if (!file || file.project_id !== projectId) throw new Error(`the file ${fileId} no longer exists.`);
    return this.deps.storage.getBuffer(file.storage_key);
  }

  stop(): void {
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
  }
}

/** The param a flat name (`cond|param`, `section|param`, `repeat_0|param`) designates. */
export function paramAt(params: readonly GalaxyParam[], flatName: string): GalaxyParam | undefined {
  const [head, ...rest] = flatName.split('|');
  const name = head!.replace(/_\d+$/, '');
  const p = params.find((q) => q.name === head) ?? params.find((q) => q.type === 'repeat' && q.name === name);
  if (!p || rest.length === 0) return p;
  const tail = rest.join('|');
  switch (p.type) {
    case 'conditional':
      if (tail === p.test_param.name) return p.test_param;
      for (const branch of p.cases) {
        const found = paramAt(branch.inputs, tail);
        if (found) return found;
      }
      return undefined;
    case 'section':
    case 'repeat':
      return paramAt(p.inputs, tail);
    default:
      return undefined;
  }
}

/** An error as one line of English (an AppError's message key is translated). */
export function errorText(err: unknown): string {
  if (err instanceof AppError) return translate(err.key, 'en', err.params);
  return err instanceof Error ? err.message : String(err);
}
