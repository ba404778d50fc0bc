import { randomBytes } from 'node:crypto';
import type {
  Permissions,
  WorkflowCatalogue,
  WorkflowDetails,
  WorkflowImportRequest,
  WorkflowInvocation,
  WorkflowItem,
  WorkflowJob,
  WorkflowJobList,
  WorkflowJobListQuery,
  WorkflowJobRequest,
  WorkflowsPolicyUpdate,
} from '@medx/contract';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, iso } from '../../lib/clock';
import type { FilesRepository } from '../files/files.repository';
import type { JobsService } from '../jobs/jobs.service';
import type { ProjectAccess } from '../projects/project-access';
import { acceptsFormat } from '../tools/datatypes';
import type { StepToolRegistry } from '../tools/step-tools';
import { resolveJobSpace, type ToolsRepository } from '../tools/tools.repository';
import { workflowAllowed } from './workflow-access';
import { builtInWorkflows, type CatalogueWorkflow } from './workflow-catalogue';
import { readWorkflow } from './workflow-check';
import {
  paramAt,
  type StepOutputs,
  type StoredInput,
  type StoredRequest,
  type WorkflowEngine,
} from './workflow-engine';
import { writeGa } from './workflow-ga';
import { writeGxformat2 } from './workflow-gxformat2';
import { stepName, WorkflowFormatError, type WorkflowModel } from './workflow-model';
import { stepView } from './workflow-view';
import type { InvocationWithProject, WorkflowsRepository } from './workflows.repository';

/** Workflows one user may import (each is at most 2 MB of text). */
export const IMPORTED_WORKFLOWS_MAX = 100;

/**
 * Workflows (spec §3, §4, §7): the catalogue (built-in and imported), import and export,
 * submitting an invocation and following it. Rights are checked here: the workflows
 * policy on every read of a workflow and on submission, project access on invocations.
 */
export class WorkflowsService {
  constructor(
    private readonly repository: WorkflowsRepository,
    private readonly tools: ToolsRepository,
    private readonly files: FilesRepository,
    private readonly stepTools: StepToolRegistry,
    private readonly engine: WorkflowEngine,
    private readonly jobs: JobsService,
    private readonly access: ProjectAccess,
    private readonly permissions: (user: UserRow) => Permissions,
    private readonly clock: Clock,
  ) {}

  // The catalogue

  private async visible(auth: AuthContext): Promise<CatalogueWorkflow[]> {
    const imported = (await this.repository.listWorkflows(auth.user.id)).map(
      (row): CatalogueWorkflow => ({
        id: row.id,
        model: JSON.parse(row.model) as WorkflowModel,
        source: 'imported',
        owner: row.user_id,
      }),
    );
    return [...(await builtInWorkflows()), ...imported];
  }

  /** A workflow by id, else by name (the `workflow` query value is either, spec §2). */
  private async find(auth: AuthContext, idOrName: string): Promise<CatalogueWorkflow> {
    const all = await this.visible(auth);
    const found = all.find((w) => w.id === idOrName) ?? all.find((w) => w.model.name === idOrName);
    if (!found) throw notFound('workflowNotFound');
    return found;
  }

  private async item(auth: AuthContext, workflow: CatalogueWorkflow): Promise<WorkflowItem> {
    const missing: string[] = [];
    for (const step of workflow.model.steps) {
      if (step.type !== 'tool') continue;
      const tool = await this.stepTools.resolve(step.tool_id);
      if ((!tool || tool.unavailable) && !missing.includes(step.tool_id)) missing.push(step.tool_id);
    }
    return {
      id: workflow.id,
      name: workflow.model.name,
      enabled: workflowAllowed(this.permissions(auth.user).workflows, workflow.id),
      description: workflow.model.annotation,
      tags: workflow.model.tags,
      runnable: missing.length === 0,
      missing_tools: missing,
      source: workflow.source,
    };
  }

  /** GET /v1/workflows: grouped by the first tag (a workflow appears once in the menu). */
  async catalogue(auth: AuthContext): Promise<WorkflowCatalogue> {
    const groups = new Map<string, WorkflowItem[]>();
    for (const workflow of await this.visible(auth)) {
      const item = await this.item(auth, workflow);
      const tag = item.tags[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), item]);
    }
    return [...groups.entries()]
      .sort(([a], [b]) => (a === 'Other' ? 1 : b === 'Other' ? -1 : a.localeCompare(b)))
      .map(([tag, items]) => ({ group_name: tag, tag, items }));
  }

  async details(auth: AuthContext, idOrName: string): Promise<WorkflowDetails> {
    const workflow = await this.find(auth, idOrName);
    const item = await this.item(auth, workflow);
    if (!item.enabled) throw forbidden('noLicense');
    const steps = [];
    for (const step of workflow.model.steps) {
      steps.push(stepView(step, step.type === 'tool' ? await this.stepTools.resolve(step.tool_id) : undefined));
    }
    const inputs = workflow.model.steps.filter((step) => step.type !== 'tool');
    return {
      ...item,
      workflow_id: workflow.id,
      tool_input_file: Object.fromEntries(
        inputs.filter((s) => s.type !== 'parameter_input').map((s) => [stepName(s), s.uuid ?? `step-${s.index}`]),
      ),
      workflow_inputs: inputs.map((s) => ({ step_id: s.index, inputs: [stepName(s)] })),
      steps,
    };
  }

  /** POST /v1/workflows/import: read, checked, stored for the caller (not runnable ones too, their missing tools named). */
  async import(auth: AuthContext, request: WorkflowImportRequest): Promise<WorkflowItem> {
    if (auth.user.user_type === 'GUEST') throw forbidden('noLicense');
    let model: WorkflowModel;
    try {
      model = readWorkflow(request.content, request.file_name);
    } catch (err) {
      if (err instanceof WorkflowFormatError) throw badRequest('workflowParseFailed', { message: err.message });
      throw err;
    }
    if ((await this.repository.listWorkflows(auth.user.id)).length >= IMPORTED_WORKFLOWS_MAX) {
      throw badRequest('workflowImportLimit', { max: IMPORTED_WORKFLOWS_MAX });
    }
    const id = `imported_${randomBytes(8).toString('hex')}`;
    const name = (model.name || request.file_name).slice(0, 200);
    model = { ...model, name };
    await this.repository.insertWorkflow({
      id,
      user_id: auth.user.id,
      name,
      model: JSON.stringify(model),
      created_at: iso(this.clock.now()),
    });
    return this.item(auth, { id, model, source: 'imported', owner: auth.user.id });
  }

  async export(auth: AuthContext, id: string, format: 'ga' | 'gxformat2'): Promise<{ name: string; text: string }> {
    const workflow = await this.find(auth, id);
    if (!(await this.item(auth, workflow)).enabled) throw forbidden('noLicense');
    const base = workflow.model.name.replace(/[^\w.-]+/g, '_').slice(0, 80) || workflow.id;
    return format === 'ga'
      ? { name: `${base}.ga`, text: writeGa(workflow.model) }
      : { name: `${base}.gxwf.yml`, text: writeGxformat2(workflow.model) };
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const workflow = await this.find(auth, id);
    if (workflow.source === 'builtin') throw badRequest('workflowBuiltIn');
    await this.repository.deleteWorkflow(workflow.id);
  }

  // Invocations

  /**
   * POST /v1/jobs/workflow: every input given in the right format, every tool present and
   * every param one the user may set, or a 4xx and nothing stored. Then the invocation
   * and its steps are one insert, and the engine submits the first steps.
   */
  async submit(auth: AuthContext, request: WorkflowJobRequest): Promise<number> {
    const workflow = await this.find(auth, request.workflow_id);
    const item = await this.item(auth, workflow);
    if (!item.enabled) throw forbidden('noLicense');
    if (!item.runnable) {
      throw badRequest('workflowNotRunnable', { reason: `missing tools: ${item.missing_tools.join(', ')}` });
    }
    await this.access.require(auth, request.project_id, 'write');
    const stored = await this.resolveRequest(workflow.model, request);
    return this.start(
      auth,
      request.project_id,
      workflow,
      request.job_name || `${workflow.model.name}_WORKFLOW`,
      stored,
    );
  }

  private async start(
    auth: AuthContext,
    projectId: number,
    workflow: { id: string; model: WorkflowModel },
    jobName: string,
    stored: StoredRequest,
  ): Promise<number> {
    const steps = workflow.model.steps.map((step) => {
      if (step.type === 'tool') return { step_index: step.index, state: 'WAITING' as const, outputs: '{}' };
      const input = stored.inputs[String(step.index)];
      const outputs: StepOutputs =
        input && 'files' in input ? { files: { output: input.files } } : { files: {}, value: input?.value ?? null };
      return { step_index: step.index, state: 'DONE' as const, outputs: JSON.stringify(outputs) };
    });
    const id = await this.repository.insertInvocation(
      {
        project_id: projectId,
        user_id: auth.user.id,
        workflow_id: workflow.id,
        workflow_name: workflow.model.name,
        job_name: jobName.slice(0, 128),
        state: 'NEW',
        model: JSON.stringify(workflow.model),
        request: JSON.stringify(stored),
        error: null,
        created_at: iso(this.clock.now()),
        finished_at: null,
      },
      steps,
    );
    await this.engine.advance(id);
    return id;
  }

  /** The request checked against the workflow, its job-space ids resolved to project files. */
  private async resolveRequest(model: WorkflowModel, request: WorkflowJobRequest): Promise<StoredRequest> {
    const given = new Map<number, WorkflowJobRequest['workflow_inputs'][number]['inputs']>();
    for (const entry of request.workflow_inputs) {
      const step = model.steps[entry.step_id];
      if (!step || step.type === 'tool') throw badRequest('workflowStepUnknown', { step: entry.step_id });
      given.set(entry.step_id, entry.inputs);
    }
    const ids = [...given.values()].flatMap((v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? v.values.map((x) => x.id) : [],
    );
    const resolved = await resolveJobSpace(this.tools, this.files, request.project_id, ids);
    const inputs: Record<string, StoredInput> = {};
    for (const step of model.steps) {
      if (step.type === 'tool') continue;
      const input = stepName(step);
      const value = given.get(step.index);
      if (step.type === 'parameter_input') {
        const v = value === undefined || value === null || value === '' ? step.default : value;
        if (v === null || v === undefined) {
          if (!step.optional) throw badRequest('workflowInputMissing', { input });
          inputs[step.index] = { value: null };
          continue;
        }
        inputs[step.index] = { value: parameterValue(step.parameter_type, v, input) };
        continue;
      }
      if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
        throw badRequest('workflowInputType', { input });
      }
      const files = (value?.values ?? []).map((v) => {
        const file = resolved.get(v.id);
        if (!file) throw notFound('toolFileNotInProject', { id: v.id });
        if (step.format.length && !acceptsFormat(step.format, file.ext)) {
          throw badRequest('workflowInputFormat', { input, name: file.name, formats: step.format.join(', ') });
        }
        return file.file_id;
      });
      if (files.length === 0 && !step.optional) throw badRequest('workflowInputMissing', { input });
      if (step.type === 'data_input' && files.length > 1) {
        throw badRequest('workflowInputSingle', { input, count: files.length });
      }
      inputs[step.index] = { files };
    }
    const params: StoredRequest['params'] = {};
    for (const [key, values] of Object.entries(request.workflow_params)) {
      const step = model.steps[Number(key)];
      if (!step || step.type !== 'tool' || !/^\d+$/.test(key)) throw badRequest('workflowStepUnknown', { step: key });
      const tool = await this.stepTools.resolve(step.tool_id);
      for (const name of Object.keys(values)) {
        const param = tool ? paramAt(tool.inputs, name) : undefined;
        if (!param || param.type === 'hidden' || step.connections[name]) {
          throw badRequest('workflowParamUnknown', { step: stepName(step), input: name });
        }
      }
      params[key] = values;
    }
    return { inputs, params };
  }

  async listJobs(auth: AuthContext, query: WorkflowJobListQuery): Promise<WorkflowJobList> {
    await this.access.require(auth, query.project_id, 'read');
    const { total, items } = await this.repository.listInvocations(query.project_id, query.page, query.limit);
    const rows = [];
    for (const row of items) rows.push(await this.toJob(row));
    return { total, items: rows };
  }

  private async toJob(row: InvocationWithProject): Promise<WorkflowJob> {
    const steps = await this.repository.steps(row.id);
    return {
      id: row.id,
      job_name: row.job_name,
      state: row.state,
      project_name: row.project_name,
      created_at: row.created_at,
      workflow_id: row.workflow_id,
      workflow_name: row.workflow_name,
      finished_at: row.finished_at,
      error: row.error,
      steps_done: steps.filter((s) => s.state !== 'WAITING' && s.state !== 'RUNNING').length,
      steps_total: steps.length,
    };
  }

  private async requireInvocation(auth: AuthContext, id: number, need: 'read' | 'write') {
    const row = await this.repository.findInvocation(id);
    if (!row) throw notFound('jobNotFound');
    await this.access.require(auth, row.project_id, need);
    return row;
  }

  async invocation(auth: AuthContext, id: number): Promise<WorkflowInvocation> {
    const row = await this.requireInvocation(auth, id, 'read');
    const model = JSON.parse(row.model) as WorkflowModel;
    const jobs = await this.repository.stepJobs(id);
    const steps = (await this.repository.steps(id)).map((s) => {
      const step = model.steps[s.step_index]!;
      const outputs = JSON.parse(s.outputs) as Partial<StepOutputs>;
      return {
        step_id: s.step_index,
        label: stepName(step),
        type: step.type,
        tool_id: step.type === 'tool' ? step.tool_id : null,
        state: s.state,
        jobs: jobs
          .filter((j) => j.step_index === s.step_index)
          .map((j) => ({ id: j.id, status: j.status, job_type: j.job_type, error: j.error })),
        outputs: outputs.files ?? {},
        error: s.error,
      };
    });
    return { ...(await this.toJob(row)), project_id: row.project_id, steps };
  }

  /** Stops every running step's jobs; steps not started never will. */
  async cancel(auth: AuthContext, id: number): Promise<void> {
    await this.requireInvocation(auth, id, 'write');
    const now = iso(this.clock.now());
    if (!(await this.repository.finishInvocation(id, { state: 'STOPPED', error: null, finished_at: now }))) {
      throw badRequest('workflowNotRunning');
    }
    for (const step of await this.repository.steps(id)) {
      if (step.state === 'WAITING' || step.state === 'RUNNING') {
        await this.repository.transitionStep(id, step.step_index, ['WAITING', 'RUNNING'], { state: 'STOPPED' });
      }
    }
    for (const job of await this.repository.stepJobs(id)) {
      if (['PRE_PROCESSING', 'RUNNING', 'POST_PROCESSING'].includes(job.status)) {
        await this.jobs.cancel(auth, job.id).catch((err: unknown) => {
          if (!(err instanceof AppError)) throw err;
        });
      }
    }
  }

  /** A new invocation of the same workflow (as it was run) with the same inputs and params. */
  async rerun(auth: AuthContext, id: number): Promise<number> {
    const row = await this.requireInvocation(auth, id, 'write');
    const stored = JSON.parse(row.request) as StoredRequest;
    const fileIds = Object.values(stored.inputs).flatMap((input) => ('files' in input ? input.files : []));
    const files = await this.files.findManyByIds(fileIds);
    const missing = fileIds.find((fileId) => !files.some((f) => f.id === fileId && f.project_id === row.project_id));
    if (missing !== undefined) throw notFound('toolFileNotInProject', { id: missing });
    const workflow = { id: row.workflow_id, model: JSON.parse(row.model) as WorkflowModel };
    if (!workflowAllowed(this.permissions(auth.user).workflows, workflow.id)) throw forbidden('noLicense');
    return this.start(auth, row.project_id, workflow, row.job_name ?? workflow.model.name, stored);
  }

  /** PUT /v1/workflows/policy: admins set a user's workflows policy (null: the default). */
  async setPolicy(auth: AuthContext, update: WorkflowsPolicyUpdate): Promise<void> {
    if (auth.user.user_type === 'GUEST' || !this.permissions(auth.user).ADMIN_PANEL) {
      throw new AppError(403, 'forbidden');
    }
    const stored = update.workflows === null ? null : JSON.stringify(update.workflows);
    if (!(await this.repository.setWorkflowsPolicy(update.user_id, stored))) throw notFound('notFound');
  }
}

function parameterValue(type: string, value: unknown, input: string): string | number | boolean {
  switch (type) {
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      break;
    case 'integer':
    case 'float': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
      if (Number.isFinite(n) && (type === 'float' || Number.isInteger(n))) return n;
      break;
    }
    default:
      if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  throw badRequest('workflowInputType', { input });
}
