/**
 * A workflow as MedX holds it, whichever file it came from (Galaxy's `.ga`, format-version
 * 0.1, or gxformat2 YAML): numbered steps, tool steps with their state as Galaxy's flat
 * names (`param`, `cond|param`, `section|param`, `repeat_0|param`, the keys of POST
 * /v1/jobs/tool) and their connections by those same names. The format readers
 * (workflow-ga.ts, workflow-gxformat2.ts) produce it and write it back; the engine runs it.
 */

/** A value of a tool step's state, as a submission would give it. */
export type StateValue = string | number | boolean | null | string[];

export interface StepBase {
  /** 0-based, the step's position in the workflow (Galaxy's step id in a .ga). */
  index: number;
  /** The step's label: unique when set (gxformat2 names steps and inputs by it). */
  label: string | null;
  annotation: string;
  uuid: string | null;
  /** Where the editor drew it (kept for export; the graph lays steps out itself when absent). */
  position: { left: number; top: number } | null;
}

export interface DataInputStep extends StepBase {
  type: 'data_input';
  /** Accepted formats (Galaxy datatypes); empty: any. */
  format: string[];
  optional: boolean;
}

export interface CollectionInputStep extends StepBase {
  type: 'data_collection_input';
  /** Galaxy's collection type: only 'list' is run (a list of project files). */
  collection_type: string;
  format: string[];
  optional: boolean;
}

export type ParameterType = 'boolean' | 'text' | 'integer' | 'float';

export interface ParameterInputStep extends StepBase {
  type: 'parameter_input';
  parameter_type: ParameterType;
  default: string | number | boolean | null;
  optional: boolean;
}

/** Where a tool input's value comes from: an earlier step's output. */
export interface Connection {
  step: number;
  /** The source step's output name ('output' for input steps). */
  output: string;
}

export interface ToolStep extends StepBase {
  type: 'tool';
  /** As written in the file: a catalogue id, or a Tool Shed guid (host/repos/owner/repo/id/version). */
  tool_id: string;
  tool_version: string | null;
  /** The step's fixed values by flat name (connected and runtime inputs are not in it). */
  state: Record<string, StateValue>;
  /** Flat names the user gives when submitting (Galaxy's RuntimeValue). */
  runtime: string[];
  /** Flat input name → its sources (several for a multiple data input). */
  connections: Record<string, Connection[]>;
  /** Post-job actions that matter: renaming an output, hiding one. */
  rename: Record<string, string>;
  hide: string[];
  /** Outputs the workflow marks as its results (output name → label or null). */
  workflow_outputs: { output: string; label: string | null }[];
}

export type WorkflowStep = DataInputStep | CollectionInputStep | ParameterInputStep | ToolStep;
export type InputStep = DataInputStep | CollectionInputStep | ParameterInputStep;

export interface WorkflowModel {
  name: string;
  annotation: string;
  tags: string[];
  uuid: string | null;
  license: string | null;
  creator: string | null;
  /** In index order: steps[i].index === i. */
  steps: WorkflowStep[];
}

export const isInputStep = (step: WorkflowStep): step is InputStep => step.type !== 'tool';

/**
 * A file that cannot be read as a workflow. `step` names the step at fault (its label, or
 * "Step n" 1-based as Galaxy's editor numbers them) when the fault is one step's.
 */
export class WorkflowFormatError extends Error {
  constructor(
    message: string,
    readonly step: string | null = null,
  ) {
    super(step ? `${step}: ${message}` : message);
  }
}

/** A step as a person reads it: its label, else "Step n" (1-based, as Galaxy's editor). */
export const stepName = (step: Pick<StepBase, 'index' | 'label'>): string => step.label || `Step ${step.index + 1}`;
