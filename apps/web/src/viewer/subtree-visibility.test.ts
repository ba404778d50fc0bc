import { State, StateObject, StateTransformer } from 'molstar/lib/mol-state';
import { describe, expect, it } from 'vitest';
import { setSubtreeHidden } from './subtree-visibility';

// A real Mol* state tree with a minimal object type: file → structure → {cartoon, unit cell}.
const Node = StateObject.create<{ name: string }, { name: string; typeClass: 'Object' }>({
  name: 'node',
  typeClass: 'Object',
});
const Child = StateTransformer.create<InstanceType<typeof Node>, InstanceType<typeof Node>, { name: string }>(
  'medx-test',
  {
    name: 'child',
    from: [Node],
    to: [Node],
    display: { name: 'Child' },
    apply: ({ params }) => new Node({ name: params.name }, { label: params.name }),
  },
);

async function tree() {
  const state = State.create(new Node({ name: 'root' }, { label: 'root' }), { runTask: (task) => task.run() });
  const builder = state.build();
  const file = builder.toRoot().apply(Child, { name: 'file' }, { ref: 'file' });
  const structure = file.apply(Child, { name: 'structure' }, { ref: 'structure' });
  structure.apply(Child, { name: 'cartoon' }, { ref: 'cartoon' });
  structure.apply(Child, { name: 'unitcell' }, { ref: 'unitcell', state: { isHidden: true } });
  await state.runTask(state.updateTree(builder));
  return state;
}

const hidden = (state: State) =>
  ['file', 'structure', 'cartoon', 'unitcell'].filter((ref) => state.cells.get(ref)?.state.isHidden);

describe('hiding and showing a subtree', () => {
  it('hides everything and shows again only what was shown before', async () => {
    const state = await tree();
    expect(hidden(state)).toEqual(['unitcell']);
    setSubtreeHidden(state, 'file', true);
    expect(hidden(state)).toEqual(['file', 'structure', 'cartoon', 'unitcell']);
    setSubtreeHidden(state, 'file', false);
    // The unit cell was hidden before: it stays hidden (Mol*'s own toggle would show it).
    expect(hidden(state)).toEqual(['unitcell']);
  });

  it('keeps a part hidden inside a hidden file hidden when the file is shown', async () => {
    const state = await tree();
    setSubtreeHidden(state, 'cartoon', true);
    setSubtreeHidden(state, 'file', true);
    // A second hide does not overwrite the first record.
    setSubtreeHidden(state, 'file', true);
    setSubtreeHidden(state, 'file', false);
    expect(hidden(state)).toEqual(['cartoon', 'unitcell']);
    setSubtreeHidden(state, 'cartoon', false);
    expect(hidden(state)).toEqual(['unitcell']);
  });
});
