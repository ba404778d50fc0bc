import { describe, expect, it } from 'vitest';
import { actionTargets, allKeys, buildTree, chainKey, findNode, type HierarchyItem, treeMenu } from './structure-tree';

const item = (ref: string, children: HierarchyItem[] = [], hidden = false): HierarchyItem => ({
  ref,
  label: ref.toUpperCase(),
  hidden,
  children,
});

const chain = (structure: string, id: string, hidden = false): HierarchyItem => ({
  ref: `${structure}#chain:${id}`,
  label: id,
  hidden,
  children: [],
  chain: { structure, id },
});

const hierarchy = [
  item('t1', [item('m1', [item('s1', [item('polymer'), item('ligand', [], true)])])]),
  item('t2', [item('m2', [item('s2', [])])]),
];

describe('the Structure Viewer tree', () => {
  it('maps trajectory → model → structure → component', () => {
    const tree = buildTree(hierarchy);
    expect(tree.map((n) => n.kind)).toEqual(['trajectory', 'trajectory']);
    const s1 = findNode(tree, 's1');
    expect(s1?.kind).toBe('structure');
    expect(s1?.children.map((c) => [c.key, c.kind, c.title, c.hidden])).toEqual([
      ['polymer', 'component', 'POLYMER', false],
      ['ligand', 'component', 'LIGAND', true],
    ]);
    expect(allKeys(tree)).toEqual(['t1', 'm1', 's1', 'polymer', 'ligand', 't2', 'm2', 's2']);
  });

  it('puts the chains between a structure and its components, chains first', () => {
    const withChains = [
      item('t1', [
        item('m1', [item('s1', [item('polymer'), chain('s1', 'A'), item('ligand'), chain('s1', 'B', true)])]),
      ]),
    ];
    const tree = buildTree(withChains);
    const s1 = findNode(tree, 's1');
    expect(s1?.children.map((c) => [c.key, c.kind, c.title, c.hidden])).toEqual([
      ['s1#chain:A', 'chain', 'A', false],
      ['s1#chain:B', 'chain', 'B', true],
      ['polymer', 'component', 'POLYMER', false],
      ['ligand', 'component', 'LIGAND', false],
    ]);
    expect(findNode(tree, chainKey({ structure: 's1', id: 'B' }))?.chain).toEqual({ structure: 's1', id: 'B' });
    expect(allKeys(tree)).toEqual(['t1', 'm1', 's1', 's1#chain:A', 's1#chain:B', 'polymer', 'ligand']);
    // A chain is a leaf, and a chain item outside the structure level is not taken for one.
    expect(findNode(tree, 's1#chain:A')?.children).toEqual([]);
    const odd = buildTree([{ ...chain('x', 'Z'), children: [] }]);
    expect(odd[0]?.kind).toBe('trajectory');
  });

  it('gives chains the same menu and multi-select rules as the other levels', () => {
    const tree = buildTree([
      item('t1', [item('m1', [item('s1', [chain('s1', 'A'), chain('s1', 'B', true), item('polymer')])])]),
    ]);
    const a = findNode(tree, 's1#chain:A');
    const b = findNode(tree, 's1#chain:B');
    if (!a || !b) throw new Error('chains missing');
    const actions = (lines: ReturnType<typeof treeMenu>) => lines.map((l) => (l === 'divider' ? '-' : l.action));
    expect(actions(treeMenu([a], false))).toEqual(['focus', 'select', '-', 'hide', 'remove']);
    expect(actions(treeMenu([b], false))).toEqual(['focus', 'select', '-', 'show', 'remove']);
    // Checked chains under a checked structure are covered by it.
    expect(actionTargets(tree, 's1', ['s1', 's1#chain:A'], true).map((n) => n.key)).toEqual(['s1']);
    expect(actionTargets(tree, 's1#chain:A', ['s1#chain:A', 's1#chain:B'], true).map((n) => n.key)).toEqual([
      's1#chain:A',
      's1#chain:B',
    ]);
  });

  it('acts on the clicked node, or on every checked node in multi-select mode', () => {
    const tree = buildTree(hierarchy);
    expect(actionTargets(tree, 'polymer', ['t2', 'polymer'], false).map((n) => n.key)).toEqual(['polymer']);
    expect(actionTargets(tree, 'polymer', ['t2', 'polymer'], true).map((n) => n.key)).toEqual(['polymer', 't2']);
    // Clicking an unchecked node acts on that node only.
    expect(actionTargets(tree, 's2', ['t1'], true).map((n) => n.key)).toEqual(['s2']);
    // A checked child of a checked parent is covered by the parent.
    expect(actionTargets(tree, 't1', ['t1', 'ligand', 's2'], true).map((n) => n.key)).toEqual(['t1', 's2']);
  });

  it('offers hide for shown nodes, show for hidden ones, and the multi-select extras', () => {
    const tree = buildTree(hierarchy);
    const polymer = findNode(tree, 'polymer');
    const ligand = findNode(tree, 'ligand');
    if (!polymer || !ligand) throw new Error('nodes missing');
    const actions = (lines: ReturnType<typeof treeMenu>) => lines.map((l) => (l === 'divider' ? '-' : l.action));
    expect(actions(treeMenu([polymer], false))).toEqual(['focus', 'select', '-', 'hide', 'remove']);
    expect(actions(treeMenu([ligand], false))).toEqual(['focus', 'select', '-', 'show', 'remove']);
    const both = treeMenu([polymer, ligand], true);
    expect(actions(both)).toEqual(['focus', 'select', '-', 'hide', 'show', 'remove', '-', 'check-all', 'uncheck-all']);
    expect(both[0]).toEqual({ action: 'focus', count: 2 });
  });
});
