import type { ToolDataParam, ToolParam, WorkflowJobRequestInput, WorkflowStepView } from '@medx/contract';

/**
 * The workflow wizard's steps (spec §4 Workflow wizard), pure: one step per input (a file, a
 * collection of files, or a parameter such as a boolean), then one per tool step that has
 * something to set. A tool step whose inputs are all connections and that has no other params
 * is skipped. The last step submits.
 */
export type WizardStep =
  | { key: string; kind: 'input'; step: WorkflowStepView }
  | { key: string; kind: 'tool'; step: WorkflowStepView; params: ToolParam[] };

export const isInputStep = (step: WorkflowStepView) => step.type !== 'tool';

/**
 * A tool step's form: its params without the ones a connection feeds (data from an earlier
 * step, or a value from a parameter input), without hidden ones, and only those the server
 * lists as editable (flat Galaxy names: `p`, `cond|p`, `section|p`, `repeat_0|p`).
 */
export function stepFormParams(step: WorkflowStepView): ToolParam[] {
  if (step.type !== 'tool') return [];
  const connected = new Set(step.connections.map((connection) => connection.input));
  const editable = new Set(step.editable);
  const prune = (params: readonly ToolParam[], prefix: string): ToolParam[] =>
    params.flatMap((param): ToolParam[] => {
      const key = `${prefix}${param.name}`;
      if (param.type === 'hidden' || connected.has(key)) return [];
      switch (param.type) {
        case 'data':
          return param.is_connection || !editable.has(key) ? [] : [param];
        case 'section': {
          const inner = prune(param.params, `${key}|`);
          return inner.length > 0 ? [{ ...param, params: inner }] : [];
        }
        case 'repeat': {
          const inner = prune(param.params, `${key}_0|`);
          return inner.length > 0 ? [{ ...param, params: inner }] : [];
        }
        case 'conditional': {
          if (!editable.has(`${key}|${param.test.name}`)) return [];
          const when = Object.fromEntries(
            Object.entries(param.when).map(([value, inner]) => [value, prune(inner, `${key}|`)]),
          );
          return [{ ...param, when }];
        }
        default:
          return editable.has(key) ? [param] : [];
      }
    });
  return prune(step.params, '');
}

/** The wizard's steps, in the workflow's order: inputs first, then the tool steps not skipped. */
export function wizardSteps(steps: readonly WorkflowStepView[]): WizardStep[] {
  const ordered = [...steps].sort((a, b) => a.step_id - b.step_id);
  const inputs: WizardStep[] = ordered
    .filter(isInputStep)
    .map((step) => ({ key: `step-${step.step_id}`, kind: 'input', step }));
  const tools: WizardStep[] = ordered.flatMap((step): WizardStep[] => {
    if (step.type !== 'tool') return [];
    const params = stepFormParams(step);
    return params.length > 0 ? [{ key: `step-${step.step_id}`, kind: 'tool', step, params }] : [];
  });
  return [...inputs, ...tools];
}

/** Tool steps left out of the wizard (their inputs all come from connections). */
export function skippedSteps(steps: readonly WorkflowStepView[]): WorkflowStepView[] {
  const shown = new Set(wizardSteps(steps).map((step) => step.step.step_id));
  return steps.filter((step) => step.type === 'tool' && !shown.has(step.step_id));
}

/** What the user gave an input step: project file ids for data and collections, else a value. */
export type InputValue = number[] | string | number | boolean | null;

/** An input step's starting value: no files, or the parameter's default. */
export function initialInputValue(step: WorkflowStepView): InputValue {
  const input = step.input;
  if (!input || input.kind === 'data' || input.kind === 'collection') return [];
  if (input.kind === 'boolean') return input.default === true || input.default === 'true';
  if (input.kind === 'integer' || input.kind === 'float') {
    const n = typeof input.default === 'number' ? input.default : Number(input.default);
    return input.default !== null && input.default !== '' && Number.isFinite(n) ? n : null;
  }
  return input.default === null ? '' : String(input.default);
}

/** Whether an input step may be left: files chosen (one for a data input), or a value given, unless optional. */
export function inputReady(step: WorkflowStepView, value: InputValue | undefined): boolean {
  const input = step.input;
  if (!input) return true;
  if (input.kind === 'data' || input.kind === 'collection') {
    const count = Array.isArray(value) ? value.length : 0;
    if (input.kind === 'data' && count > 1) return false;
    return input.optional || count > 0;
  }
  if (input.optional || input.kind === 'boolean') return true;
  if (input.kind === 'integer') return typeof value === 'number' && Number.isInteger(value);
  if (input.kind === 'float') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * A data input takes one file: the newest choice replaces the old one. A collection takes
 * every file chosen.
 */
export function chooseFiles(step: WorkflowStepView, previous: readonly number[], next: readonly number[]): number[] {
  if (step.input?.kind !== 'data') return [...next];
  const added = next.filter((id) => !previous.includes(id));
  if (added.length > 0) return added.slice(-1);
  return next.slice(0, 1);
}

/** An input step as a tool's data param, for the tools' file picker. */
export function inputAsDataParam(step: WorkflowStepView): ToolDataParam {
  return {
    name: `step_${step.step_id}`,
    label: step.label,
    help: step.annotation || null,
    optional: step.input?.optional ?? false,
    viewer: null,
    type: 'data',
    format: step.input?.format ?? [],
    multiple: step.input?.kind === 'collection',
    is_connection: false,
    connection: null,
  };
}

/** Every project file id the input steps hold, once each. */
export function inputFileIds(values: Readonly<Record<number, InputValue>>): number[] {
  const ids = new Set<number>();
  for (const value of Object.values(values)) {
    if (Array.isArray(value)) for (const id of value) ids.add(id);
  }
  return [...ids];
}

type WorkflowInputs = WorkflowJobRequestInput['workflow_inputs'];

/**
 * POST /v1/jobs/workflow's workflow_inputs: per input step, its files as job-space ids
 * ({batch:false, values:[{id, src:'hda'}]}) or the parameter's value. An optional input left
 * empty is not sent.
 */
export function workflowInputs(
  steps: readonly WorkflowStepView[],
  values: Readonly<Record<number, InputValue>>,
  galaxyId: (fileId: number) => string,
): WorkflowInputs {
  const out: WorkflowInputs = [];
  for (const step of steps) {
    if (!step.input) continue;
    const value = values[step.step_id] ?? initialInputValue(step);
    if (step.input.kind === 'data' || step.input.kind === 'collection') {
      const ids = Array.isArray(value) ? value : [];
      if (ids.length === 0 && step.input.optional) continue;
      out.push({
        step_id: step.step_id,
        inputs: { batch: false, values: ids.map((id) => ({ id: galaxyId(id), src: 'hda' as const })) },
      });
    } else {
      if (Array.isArray(value)) continue;
      if ((value === null || value === '') && step.input.optional) continue;
      out.push({ step_id: step.step_id, inputs: value });
    }
  }
  return out;
}
