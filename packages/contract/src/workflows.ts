import { z } from 'zod';
import { idParam, requiredString } from './fields';
import { JobListQuery, JobStatus } from './jobs';
import { ToolDataValue, ToolOutput, ToolParam } from './tools';

/**
 * Workflows (spec §3 Workflow, §4 Workflow job state and wizard, §7): Galaxy workflows
 * (.ga or gxformat2) whose steps are catalogue tools or MedX's own job steps, run as an
 * invocation whose steps are jobs of the job engine. docs/decisions.md "Workflows"
 * records the paths and fields the spec leaves out.
 */

/** One entry of a catalogue group (spec §3): id, name, enabled, description, tags. */
export const WorkflowItem = z.object({
  id: z.string(),
  name: z.string(),
  /** The caller's workflows policy allows it (spec §6); false gives the licence reminder. */
  enabled: z.boolean(),
  description: z.string(),
  tags: z.array(z.string()),
  /** Every tool step's tool is installed here; otherwise `missing_tools` names them. */
  runnable: z.boolean(),
  missing_tools: z.array(z.string()),
  /** Built into MedX, or imported by the caller. */
  source: z.enum(['builtin', 'imported']),
});
export type WorkflowItem = z.infer<typeof WorkflowItem>;

/** GET /v1/workflows: groups by tag (spec §3: group_name or tag, items). */
export const WorkflowGroup = z.object({ group_name: z.string(), tag: z.string(), items: z.array(WorkflowItem) });
export type WorkflowGroup = z.infer<typeof WorkflowGroup>;
export const WorkflowCatalogue = z.array(WorkflowGroup);
export type WorkflowCatalogue = z.infer<typeof WorkflowCatalogue>;

export const WorkflowStepType = z.enum(['data_input', 'data_collection_input', 'parameter_input', 'tool']);
export type WorkflowStepType = z.infer<typeof WorkflowStepType>;

/** A connection into a step's input (its flat Galaxy name) from an earlier step's output. */
export const WorkflowConnection = z.object({ input: z.string(), step_id: z.number().int(), output: z.string() });
export type WorkflowConnection = z.infer<typeof WorkflowConnection>;

/**
 * One step of GET /v1/workflows/{id}. Input steps: `input` says what the user gives.
 * Tool steps: `params` are the tool's form with the step's values as defaults (connected
 * data inputs marked is_connection), `outputs` the tool's outputs.
 */
export const WorkflowStepView = z.object({
  step_id: z.number().int(),
  type: WorkflowStepType,
  label: z.string(),
  annotation: z.string(),
  input: z
    .object({
      kind: z.enum(['data', 'collection', 'boolean', 'text', 'integer', 'float']),
      format: z.array(z.string()),
      optional: z.boolean(),
      default: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    })
    .nullable(),
  tool_id: z.string().nullable(),
  tool_name: z.string().nullable(),
  /** The step's tool is not installed here (the step cannot run). */
  missing: z.boolean(),
  params: z.array(ToolParam),
  /** Flat names of the params the user may change before submitting (runtime values, and every unconnected one). */
  editable: z.array(z.string()),
  outputs: z.array(ToolOutput),
  connections: z.array(WorkflowConnection),
});
export type WorkflowStepView = z.infer<typeof WorkflowStepView>;

/** GET /v1/workflows/{id} and by name (spec §3: workflow_id, tool_input_file, workflow_inputs). */
export const WorkflowDetails = WorkflowItem.extend({
  workflow_id: z.string(),
  /** Input label → the input step's uuid (spec §3 tool_input_file). */
  tool_input_file: z.record(z.string(), z.string()),
  /** Every input step with its input's description (spec §3 workflow_inputs: step_id, inputs). */
  workflow_inputs: z.array(z.object({ step_id: z.number().int(), inputs: z.array(z.string()) })),
  steps: z.array(WorkflowStepView),
});
export type WorkflowDetails = z.infer<typeof WorkflowDetails>;

export const WorkflowIdParams = z.object({ id: requiredString('fieldRequired').max(200) });
export const WorkflowByNameQuery = z.object({ name: requiredString('fieldRequired').max(200) });
export const WorkflowExportQuery = z.object({ format: z.enum(['ga', 'gxformat2']).default('ga') });

/** POST /v1/workflows/import: a .ga or gxformat2 file's text (2 MB at most). */
export const WorkflowImportRequest = z.object({
  file_name: z.string().trim().max(200).default('workflow.ga'),
  content: requiredString('fieldRequired').max(2_000_000, 'textTooLong'),
});
export type WorkflowImportRequest = z.infer<typeof WorkflowImportRequest>;
export const WorkflowImported = WorkflowItem;

/**
 * POST /v1/jobs/workflow (spec §7). workflow_inputs: per input step, the job-space files
 * ({values: [{id, src: 'hda'}]}, POST /v1/tools/import) or the parameter's value.
 * workflow_params: per tool step, flat Galaxy names → values, as POST /v1/jobs/tool takes them.
 */
export const WorkflowInputValue = z.union([ToolDataValue, z.string().max(10_000), z.number(), z.boolean(), z.null()]);
export const WorkflowJobRequest = z.object({
  project_id: idParam,
  workflow_id: requiredString('fieldRequired').max(200),
  workflow_name: z.string().max(200).optional(),
  job_name: z.string().trim().max(100).optional(),
  workflow_inputs: z.array(z.object({ step_id: z.number().int().min(0), inputs: WorkflowInputValue })).max(200),
  workflow_params: z
    .record(
      z.string().max(10),
      z.record(
        z.string().max(300),
        z.union([
          ToolDataValue,
          z.string().max(10_000),
          z.number(),
          z.boolean(),
          z.array(z.string().max(1000)),
          z.null(),
        ]),
      ),
    )
    .default({}),
});
export type WorkflowJobRequest = z.infer<typeof WorkflowJobRequest>;
export type WorkflowJobRequestInput = z.input<typeof WorkflowJobRequest>;
export const WorkflowJobSubmitted = z.object({ job_id: z.number().int() });

/** Invocation states (spec §4): NEW while it runs, SCHEDULED when every step finished; STOPPED; FAILED. */
export const WORKFLOW_STATES = ['NEW', 'SCHEDULED', 'STOPPED', 'FAILED'] as const;
export const WorkflowState = z.enum(WORKFLOW_STATES);
export type WorkflowState = z.infer<typeof WorkflowState>;

/**
 * Workflow jobs (spec §3: id, job_name, state, project_name, created_at), newest first.
 */
export const WorkflowJob = z.object({
  id: z.number().int(),
  job_name: z.string().nullable(),
  state: z.string(),
  project_name: z.string(),
  created_at: z.string(),
  workflow_id: z.string(),
  workflow_name: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  /** Steps over / all steps, for a progress bar. */
  steps_done: z.number().int(),
  steps_total: z.number().int(),
});
export type WorkflowJob = z.infer<typeof WorkflowJob>;

/** The same query as GET /v1/jobs: project_id (required), page, limit (default 5). */
export const WorkflowJobListQuery = JobListQuery;
export type WorkflowJobListQuery = z.infer<typeof WorkflowJobListQuery>;

export const WorkflowJobList = z.object({ total: z.number().int(), items: z.array(WorkflowJob) });
export type WorkflowJobList = z.infer<typeof WorkflowJobList>;

/**
 * A step of an invocation: WAITING for its inputs, RUNNING (its jobs are submitted),
 * DONE, FAILED, SKIPPED (an earlier step failed or was stopped), STOPPED.
 */
export const WORKFLOW_STEP_STATES = ['WAITING', 'RUNNING', 'DONE', 'FAILED', 'SKIPPED', 'STOPPED'] as const;
export const WorkflowStepState = z.enum(WORKFLOW_STEP_STATES);
export type WorkflowStepState = z.infer<typeof WorkflowStepState>;

export const WorkflowInvocationStep = z.object({
  step_id: z.number().int(),
  label: z.string(),
  type: WorkflowStepType,
  tool_id: z.string().nullable(),
  state: WorkflowStepState,
  /** The step's jobs (several when a list is mapped over a single input). */
  jobs: z.array(
    z.object({ id: z.number().int(), status: JobStatus, job_type: z.string(), error: z.string().nullable() }),
  ),
  /** Output name → project file ids. */
  outputs: z.record(z.string(), z.array(z.number().int())),
  error: z.string().nullable(),
});
export type WorkflowInvocationStep = z.infer<typeof WorkflowInvocationStep>;

/** GET /v1/jobs/workflow/{id}: the invocation and its steps. */
export const WorkflowInvocation = WorkflowJob.extend({
  project_id: z.number().int(),
  steps: z.array(WorkflowInvocationStep),
});
export type WorkflowInvocation = z.infer<typeof WorkflowInvocation>;
export const WorkflowJobIdParams = z.object({ id: idParam });

/** PUT /v1/workflows/policy (admins): a user's workflows policy; null restores the default. */
export const WorkflowsPolicyUpdate = z.object({
  user_id: idParam,
  workflows: z.union([
    z.boolean(),
    z.array(z.string().max(200)).max(1000),
    z.record(z.string().max(200), z.union([z.boolean(), z.literal('deny')])),
    z.null(),
  ]),
});
export type WorkflowsPolicyUpdate = z.infer<typeof WorkflowsPolicyUpdate>;
