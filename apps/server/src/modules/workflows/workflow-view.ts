import type { ToolParam, WorkflowStepView } from '@medx/contract';
import type { StepTool } from '../tools/step-tools';
import { toToolParams } from '../tools/tool-form';
import { stepName, type ToolStep, type WorkflowStep } from './workflow-model';

/**
 * A step as the workflow window shows it (spec §4 Workflow wizard): input steps say what
 * the user gives; tool steps carry the tool's form with the step's values as defaults,
 * connected data inputs marked as connections, and the flat names the user may change.
 */
export function stepView(step: WorkflowStep, tool: StepTool | undefined): WorkflowStepView {
  const common = { step_id: step.index, type: step.type, label: stepName(step), annotation: step.annotation };
  if (step.type !== 'tool') {
    const kind =
      step.type === 'data_input' ? 'data' : step.type === 'data_collection_input' ? 'collection' : step.parameter_type;
    return {
      ...common,
      input: {
        kind,
        format: step.type === 'parameter_input' ? [] : step.format,
        optional: step.optional,
        default: step.type === 'parameter_input' ? step.default : null,
      },
      tool_id: null,
      tool_name: null,
      missing: false,
      params: [],
      editable: [],
      outputs: [{ name: 'output', format: null, label: stepName(step) }],
      connections: [],
    };
  }
  const params = tool ? applyState(toToolParams(tool.inputs), step, '') : [];
  return {
    ...common,
    input: null,
    tool_id: step.tool_id,
    tool_name: tool?.name ?? null,
    missing: !tool,
    params,
    editable: editableNames(params, step, ''),
    outputs: tool ? tool.outputs.map(({ name, format, label }) => ({ name, format, label })) : [],
    connections: Object.entries(step.connections).flatMap(([input, list]) =>
      list.map((c) => ({ input, step_id: c.step, output: c.output })),
    ),
  };
}

/** The tool's params with the step's saved values as their defaults, connections marked. */
function applyState(params: ToolParam[], step: ToolStep, prefix: string): ToolParam[] {
  return params.map((p): ToolParam => {
    const key = `${prefix}${p.name}`;
    const saved = Object.hasOwn(step.state, key) ? step.state[key] : undefined;
    switch (p.type) {
      case 'data': {
        const connection = step.connections[key]?.[0];
        return connection
          ? { ...p, is_connection: true, connection: { id: String(connection.step), output_name: connection.output } }
          : p;
      }
      case 'text':
        return saved === undefined || saved === null ? p : { ...p, default: String(saved) };
      case 'integer':
      case 'float': {
        const n = typeof saved === 'number' ? saved : typeof saved === 'string' ? Number(saved) : Number.NaN;
        return Number.isFinite(n) ? { ...p, default: n } : p;
      }
      case 'boolean':
        return saved === undefined || saved === null ? p : { ...p, default: saved === true || saved === 'true' };
      case 'select':
      case 'data_column':
        if (saved === undefined || saved === null) return p;
        return { ...p, default: Array.isArray(saved) ? saved.map(String) : String(saved) };
      case 'color':
        return saved === undefined || saved === null ? p : { ...p, default: String(saved) };
      case 'conditional': {
        const test = applyState([p.test], step, `${key}|`)[0] as typeof p.test;
        const when = Object.fromEntries(
          Object.entries(p.when).map(([value, inner]) => [value, applyState(inner, step, `${key}|`)]),
        );
        return { ...p, test, when };
      }
      case 'section':
        return { ...p, params: applyState(p.params, step, `${key}|`) };
      case 'repeat':
        return { ...p, params: applyState(p.params, step, `${key}_0|`) };
      default:
        return p;
    }
  });
}

/** Flat names the user may set when submitting: every param not fed by a connection (hidden ones excepted). */
function editableNames(params: ToolParam[], step: ToolStep, prefix: string): string[] {
  return params.flatMap((p) => {
    const key = `${prefix}${p.name}`;
    if (step.connections[key]) return [];
    switch (p.type) {
      case 'hidden':
        return [];
      case 'data':
        return [key];
      case 'conditional':
        return [
          `${key}|${p.test.name}`,
          ...Object.values(p.when).flatMap((inner) => editableNames(inner, step, `${key}|`)),
        ];
      case 'section':
        return editableNames(p.params, step, `${key}|`);
      case 'repeat':
        return editableNames(p.params, step, `${key}_0|`);
      default:
        return [key];
    }
  });
}
