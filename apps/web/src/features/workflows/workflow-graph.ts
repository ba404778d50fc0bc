import type { WorkflowStepView } from '@medx/contract';

/**
 * The workflow's read-only graph, laid out, pure: one column per topological depth (inputs
 * and steps fed by nothing at depth 0, every other step one column right of its deepest
 * source), the steps of a column ordered by where their sources sit, and each connection a
 * curve from the source's right edge to the target's left edge.
 */
export const NODE_WIDTH = 150;
export const NODE_HEIGHT = 46;
const COLUMN_GAP = 44;
const ROW_GAP = 14;
const PADDING = 8;

export interface GraphNode {
  id: number;
  label: string;
  /** The tool's name for a tool step; the input's kind for an input step. */
  detail: string;
  kind: 'input' | 'tool';
  column: number;
  row: number;
  x: number;
  y: number;
}

export interface GraphEdge {
  from: number;
  to: number;
  /** The target's input names the connection feeds. */
  inputs: string[];
  /** An SVG path (a cubic curve). */
  path: string;
}

export interface GraphLayout {
  nodes: GraphNode[];
  edges: GraphEdge[];
  width: number;
  height: number;
}

/** Each step's depth: 0 without sources, else 1 + its deepest source's (a cycle counts as no source). */
export function stepDepths(steps: readonly WorkflowStepView[]): Map<number, number> {
  const byId = new Map(steps.map((step) => [step.step_id, step]));
  const depths = new Map<number, number>();
  const visiting = new Set<number>();
  const depth = (id: number): number => {
    const known = depths.get(id);
    if (known !== undefined) return known;
    const step = byId.get(id);
    if (!step || visiting.has(id)) return -1;
    visiting.add(id);
    let deepest = -1;
    for (const connection of step.connections) {
      if (connection.step_id === id) continue;
      deepest = Math.max(deepest, depth(connection.step_id));
    }
    visiting.delete(id);
    const value = deepest + 1;
    depths.set(id, value);
    return value;
  };
  for (const step of steps) depth(step.step_id);
  return depths;
}

/** The curve of an edge between two points (left to right, or back for a odd layout). */
export function edgePath(x1: number, y1: number, x2: number, y2: number): string {
  const bend = Math.max(24, Math.abs(x2 - x1) / 2);
  return `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`;
}

/** Nodes in columns by depth, rows ordered by their sources' mean row, edges merged per pair of steps. */
export function layoutGraph(
  steps: readonly WorkflowStepView[],
  detail: (step: WorkflowStepView) => string,
): GraphLayout {
  const depths = stepDepths(steps);
  const columns: WorkflowStepView[][] = [];
  for (const step of [...steps].sort((a, b) => a.step_id - b.step_id)) {
    const column = depths.get(step.step_id) ?? 0;
    const list = columns[column] ?? [];
    list.push(step);
    columns[column] = list;
  }
  const rowOf = new Map<number, number>();
  columns.forEach((column, index) => {
    if (index > 0) {
      const weight = (step: WorkflowStepView) => {
        const rows = step.connections.map((c) => rowOf.get(c.step_id)).filter((r): r is number => r !== undefined);
        return rows.length > 0 ? rows.reduce((sum, r) => sum + r, 0) / rows.length : Number.POSITIVE_INFINITY;
      };
      column.sort((a, b) => weight(a) - weight(b) || a.step_id - b.step_id);
    }
    column.forEach((step, row) => {
      rowOf.set(step.step_id, row);
    });
  });
  const tallest = Math.max(1, ...columns.map((column) => column?.length ?? 0));
  const contentHeight = tallest * NODE_HEIGHT + (tallest - 1) * ROW_GAP;
  const nodes: GraphNode[] = [];
  columns.forEach((column, index) => {
    if (!column) return;
    const height = column.length * NODE_HEIGHT + (column.length - 1) * ROW_GAP;
    const top = PADDING + (contentHeight - height) / 2;
    column.forEach((step, row) => {
      nodes.push({
        id: step.step_id,
        label: step.label,
        detail: detail(step),
        kind: step.type === 'tool' ? 'tool' : 'input',
        column: index,
        row,
        x: PADDING + index * (NODE_WIDTH + COLUMN_GAP),
        y: top + row * (NODE_HEIGHT + ROW_GAP),
      });
    });
  });
  const at = new Map(nodes.map((node) => [node.id, node]));
  const merged = new Map<string, GraphEdge>();
  for (const step of steps) {
    for (const connection of step.connections) {
      const source = at.get(connection.step_id);
      const target = at.get(step.step_id);
      if (!source || !target || source === target) continue;
      const key = `${source.id}>${target.id}`;
      const edge = merged.get(key);
      if (edge) {
        if (!edge.inputs.includes(connection.input)) edge.inputs.push(connection.input);
        continue;
      }
      merged.set(key, {
        from: source.id,
        to: target.id,
        inputs: [connection.input],
        path: edgePath(source.x + NODE_WIDTH, source.y + NODE_HEIGHT / 2, target.x, target.y + NODE_HEIGHT / 2),
      });
    }
  }
  const columnCount = Math.max(1, columns.length);
  return {
    nodes,
    edges: [...merged.values()],
    width: PADDING * 2 + columnCount * NODE_WIDTH + (columnCount - 1) * COLUMN_GAP,
    height: PADDING * 2 + contentHeight,
  };
}

/** A label cut to fit a node (an approximate character width), with an ellipsis. */
export function fitLabel(text: string, maxWidth: number, charWidth: number): string {
  const max = Math.max(1, Math.floor(maxWidth / charWidth));
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}
