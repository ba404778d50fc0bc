import type { WorkflowStepView } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { edgePath, fitLabel, layoutGraph, NODE_WIDTH, stepDepths } from './workflow-graph';

function step(id: number, sources: number[], type: WorkflowStepView['type'] = 'tool'): WorkflowStepView {
  return {
    step_id: id,
    type,
    label: `S${id}`,
    annotation: '',
    input: null,
    tool_id: null,
    tool_name: null,
    missing: false,
    params: [],
    editable: [],
    outputs: [],
    connections: sources.map((source, index) => ({ input: `in${index}`, step_id: source, output: 'out' })),
  };
}

// The docking workflow: Protein, Ligands → Prepare protein, Prepare ligands → Detect pocket → Dock.
const docking = [
  step(0, [], 'data_input'),
  step(1, [], 'data_collection_input'),
  step(2, [0]),
  step(3, [1]),
  step(4, [2]),
  step(5, [2, 3, 4]),
];

describe('workflow graph layout', () => {
  it('gives each step its topological depth', () => {
    expect(Object.fromEntries(stepDepths(docking))).toEqual({ 0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 3 });
  });

  it('survives a cycle and an unknown source', () => {
    const depths = stepDepths([step(0, [1]), step(1, [0]), step(2, [9])]);
    expect(depths.get(2)).toBe(0);
    expect([...depths.values()].every((depth) => depth >= 0)).toBe(true);
  });

  it('lays columns out by depth, inputs marked, one edge per pair of steps', () => {
    const layout = layoutGraph([...docking, step(6, [5, 5])], () => '');
    const node = (id: number) => layout.nodes.find((n) => n.id === id);
    expect(layout.nodes.map((n) => n.column)).toEqual([0, 0, 1, 1, 2, 3, 4]);
    expect(node(0)?.kind).toBe('input');
    expect(node(5)?.kind).toBe('tool');
    expect((node(2)?.x ?? 0) > (node(0)?.x ?? 0)).toBe(true);
    // Steps stay in line with their sources: Prepare protein beside Protein.
    expect(node(2)?.row).toBe(0);
    expect(node(3)?.row).toBe(1);
    expect(layout.edges).toHaveLength(7);
    expect(layout.edges.find((e) => e.from === 5 && e.to === 6)?.inputs).toEqual(['in0', 'in1']);
    expect(layout.width).toBeGreaterThan(5 * NODE_WIDTH);
  });

  it('orders a column by where its sources sit', () => {
    const layout = layoutGraph(
      [step(0, [], 'data_input'), step(1, [], 'data_input'), step(2, [1]), step(3, [0])],
      () => '',
    );
    expect(layout.nodes.filter((n) => n.column === 1).map((n) => n.id)).toEqual([3, 2]);
  });

  it('draws curves and cuts long labels', () => {
    expect(edgePath(0, 10, 100, 30)).toBe('M 0 10 C 50 10, 50 30, 100 30');
    expect(fitLabel('Prepare protein', 130, 7)).toBe('Prepare protein');
    expect(fitLabel('A very long step label indeed', 70, 7)).toBe('A very lo…');
  });
});
