/**
 * Structural rules every workflow model obeys, whichever file it came from: the readers
 * (workflow-ga.ts, workflow-gxformat2.ts) call checkWorkflow on what they built, the
 * writers on what they are given, and the engine runs steps in topologicalOrder.
 *
 * workflow-check.ts is the module to import (it re-exports all of this and adds
 * readWorkflow); this one exists apart because the readers need the checks and
 * readWorkflow needs the readers: in one module they would import each other.
 */
import { stepName, WorkflowFormatError, type WorkflowModel, type WorkflowStep } from './workflow-model';

/** The most steps a workflow may have. */
export const MAX_WORKFLOW_STEPS = 200;
/** The largest workflow file read, in bytes of UTF-8. */
export const MAX_WORKFLOW_BYTES = 2 * 1024 * 1024;

/** Refuses text over MAX_WORKFLOW_BYTES before any parsing. */
export function checkWorkflowText(text: string): void {
  if (typeof text !== 'string') throw new WorkflowFormatError('The workflow file is not text.');
  // A UTF-16 unit is at least one UTF-8 byte: no need to count bytes of a text already too long.
  const bytes = text.length > MAX_WORKFLOW_BYTES ? text.length : Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_WORKFLOW_BYTES) {
    throw new WorkflowFormatError(
      `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; a workflow file may be at most 2 MB.`,
    );
  }
}

/** Refuses more than MAX_WORKFLOW_STEPS steps (before the readers build them). */
export function checkStepCount(count: number): void {
  if (count > MAX_WORKFLOW_STEPS) {
    throw new WorkflowFormatError(`The workflow has ${count} steps; at most ${MAX_WORKFLOW_STEPS} are supported.`);
  }
}

/** Step index → the steps reading its outputs (each once, in index order). */
function consumers(steps: readonly WorkflowStep[]): number[][] {
  const next: number[][] = steps.map(() => []);
  for (const step of steps) {
    if (step.type !== 'tool') continue;
    for (const sources of Object.values(step.connections)) {
      for (const source of sources) {
        const list = next[source.step];
        if (list && !list.includes(step.index)) list.push(step.index);
      }
    }
  }
  for (const list of next) list.sort((a, b) => a - b);
  return next;
}

/** A cycle as step indices in data-flow order, starting from its lowest index; null when none. */
function findCycle(steps: readonly WorkflowStep[]): number[] | null {
  const next = consumers(steps);
  // 0: not visited, 1: on the current path, 2: done.
  const color = new Uint8Array(steps.length);
  const path: number[] = [];
  const visit = (node: number): number[] | null => {
    color[node] = 1;
    path.push(node);
    for (const to of next[node] ?? []) {
      if (color[to] === 1) return path.slice(path.indexOf(to));
      if (color[to] === 0) {
        const cycle = visit(to);
        if (cycle) return cycle;
      }
    }
    path.pop();
    color[node] = 2;
    return null;
  };
  for (let start = 0; start < steps.length; start++) {
    if (color[start] !== 0) continue;
    const cycle = visit(start);
    if (cycle) {
      const lowest = cycle.indexOf(Math.min(...cycle));
      return [...cycle.slice(lowest), ...cycle.slice(0, lowest)];
    }
  }
  return null;
}

function cycleError(steps: readonly WorkflowStep[], cycle: number[]): WorkflowFormatError {
  const names = [...cycle, cycle[0]!].map((index) => stepName(steps[index]!));
  return new WorkflowFormatError(`the steps form a cycle (${names.join(' → ')})`, names[0]);
}

/**
 * Throws a WorkflowFormatError unless: steps[i].index === i, labels are unique, every
 * connection names another existing step, and the connections form no cycle.
 */
export function checkWorkflow(model: WorkflowModel): void {
  const { steps } = model;
  checkStepCount(steps.length);
  steps.forEach((step, position) => {
    if (step.index !== position) {
      throw new WorkflowFormatError(
        `the step is numbered ${step.index} but is at position ${position} of the workflow`,
        `Step ${position + 1}`,
      );
    }
  });
  const labelled = new Map<string, WorkflowStep>();
  for (const step of steps) {
    if (!step.label) continue;
    const first = labelled.get(step.label);
    if (first) {
      throw new WorkflowFormatError(
        `the label "${step.label}" is already the label of Step ${first.index + 1}; labels must be unique`,
        `Step ${step.index + 1}`,
      );
    }
    labelled.set(step.label, step);
  }
  for (const step of steps) {
    if (step.type !== 'tool') continue;
    for (const [input, sources] of Object.entries(step.connections)) {
      for (const source of sources) {
        if (!Number.isInteger(source.step) || source.step < 0 || source.step >= steps.length) {
          throw new WorkflowFormatError(
            `the input "${input}" is connected to step ${source.step}, which does not exist`,
            stepName(step),
          );
        }
        if (source.step === step.index) {
          throw new WorkflowFormatError(`the input "${input}" is connected to its own step`, stepName(step));
        }
      }
    }
  }
  const cycle = findCycle(steps);
  if (cycle) throw cycleError(steps, cycle);
}

/**
 * The step indices in an order where every step comes after the steps it reads from (the
 * lowest ready index first, so input steps and file order are kept where the graph allows).
 * Throws the cycle error of checkWorkflow when there is none.
 */
export function topologicalOrder(model: WorkflowModel): number[] {
  const { steps } = model;
  const next = consumers(steps);
  const waiting = steps.map(() => 0);
  for (const list of next) for (const to of list) waiting[to]!++;
  const ready = steps.map((step) => step.index).filter((index) => waiting[index] === 0);
  const order: number[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const index = ready.shift()!;
    order.push(index);
    for (const to of next[index] ?? []) {
      waiting[to]!--;
      if (waiting[to] === 0) ready.push(to);
    }
  }
  if (order.length < steps.length) {
    const cycle = findCycle(steps);
    if (cycle) throw cycleError(steps, cycle);
  }
  return order;
}
