import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PluginContext } from 'molstar/lib/mol-plugin/context';
import { DefaultPluginSpec } from 'molstar/lib/mol-plugin/spec';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import { Task } from 'molstar/lib/mol-task';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findContacts } from './contacts-molstar';
import { DEFAULT_INTERACTION_OPTIONS, INTERACTION_SWITCHES } from './interaction-options';
import {
  drawnContacts,
  INTERACTIONS_AUTO_TAG,
  removeInteractions,
  showInteractions,
  sourceStructures,
  USER_MADE_TAG,
} from './interactions-molstar';

/**
 * The interaction display in a real Mol* plugin without a canvas (the state tree, structures
 * and representations work the same): 1W1P's receptor and its ligand as two loaded files.
 */
const SAMPLES = resolve(__dirname, '../../../../server/samples');

let plugin: PluginContext;

async function load(name: string, format: 'pdb' | 'sdf') {
  const data = await plugin.builders.data.rawData({ data: readFileSync(resolve(SAMPLES, name), 'utf8'), label: name });
  const trajectory = await plugin.builders.structure.parseTrajectory(data, format);
  const model = await plugin.builders.structure.createModel(trajectory);
  return plugin.builders.structure.createStructure(model);
}

beforeEach(async () => {
  plugin = new PluginContext(DefaultPluginSpec());
  await plugin.init();
  await load('1w1p_receptor.pdb', 'pdb');
  await load('1w1p_ligand.sdf', 'sdf');
}, 60_000);

afterEach(() => plugin.dispose());

const tagged = (tag: string) => plugin.state.data.selectQ((q) => q.root.subtree().withTag(tag));
const ofTransformer = (cells: ReturnType<typeof tagged>, t: unknown) =>
  cells.filter((c) => c.transform.transformer === t);

describe('the interaction display in the state tree', () => {
  it('draws the contacts, their lines and the interacting residues as sticks in one state update', async () => {
    let updates = 0;
    const sub = plugin.state.data.events.changed.subscribe(() => updates++);
    const count = await showInteractions(plugin, DEFAULT_INTERACTION_OPTIONS);
    sub.unsubscribe();

    // One update: Mol* redraws the scene once (software WebGL pays per frame).
    expect(updates).toBe(1);
    expect(count).toBeGreaterThan(2);
    expect(drawnContacts(plugin)).toHaveLength(count);
    const auto = tagged(INTERACTIONS_AUTO_TAG);
    expect(ofTransformer(auto, StateTransforms.Representation.ShapeRepresentation3D)).toHaveLength(1);
    const components = ofTransformer(auto, StateTransforms.Model.StructureComponent);
    expect(components.length).toBeGreaterThan(0);
    for (const c of components) {
      expect(c.obj?.label).toBe('Interacting residues');
      expect(c.obj?.data.elementCount).toBeGreaterThan(0);
    }
    // The contacts drawn are the structures' own: the same as a fresh computation finds.
    const again = await plugin.runTask(
      Task.create('again', (ctx) => findContacts(ctx, sourceStructures(plugin), DEFAULT_INTERACTION_OPTIONS)),
    );
    expect(again.map((c) => `${c.kind}:${c.a.elements}:${c.b.elements}`)).toEqual(
      drawnContacts(plugin)!.map((c) => `${c.kind}:${c.a.elements}:${c.b.elements}`),
    );
  });

  it('redraws in place, keeps the user’s own ball-and-stick, and turns off completely', async () => {
    const receptor = sourceStructures(plugin)[0]!;
    const cell = plugin.state.data.cells.get(receptor.ref)!;
    await plugin.builders.structure.representation.addRepresentation(cell, { type: 'ball-and-stick' });
    const first = await showInteractions(plugin, DEFAULT_INTERACTION_OPTIONS);
    const second = await showInteractions(plugin, DEFAULT_INTERACTION_OPTIONS);
    expect(second).toBe(first);

    // One display, not two.
    const contactCells = plugin.state.data.selectQ((q) =>
      q.root
        .subtree()
        .withTag(INTERACTIONS_AUTO_TAG)
        .withTransformer(StateTransforms.Representation.ShapeRepresentation3D),
    );
    expect(contactCells).toHaveLength(1);
    const user = tagged(USER_MADE_TAG);
    expect(user).toHaveLength(1);
    expect((user[0]!.transform.params as { type: { name: string } }).type.name).toBe('ball-and-stick');

    await removeInteractions(plugin);
    expect(tagged(INTERACTIONS_AUTO_TAG)).toHaveLength(0);
    expect(drawnContacts(plugin)).toBeNull();
    expect(tagged(USER_MADE_TAG)).toHaveLength(1);
  });

  it('computes the contacts itself when its cell is rebuilt with other options', async () => {
    await showInteractions(plugin, DEFAULT_INTERACTION_OPTIONS);
    // The defaults find more than H-bonds here: the rebuilt cell must drop the others.
    expect(new Set(drawnContacts(plugin)!.map((c) => c.kind)).size).toBeGreaterThan(1);
    const off = Object.fromEntries(INTERACTION_SWITCHES.map((k) => [k, false]));
    const options = { ...DEFAULT_INTERACTION_OPTIONS, ...off, hydrogenBonds: true };
    // The contacts cell: the one whose parameters name the structures it reads.
    const data = tagged(INTERACTIONS_AUTO_TAG).find((c) => 'structures' in (c.transform.params ?? {}))!;
    const params = data.transform.params as { structures: string[] };
    await plugin.build().to(data.transform.ref).update({ structures: params.structures, options }).commit();
    const contacts = drawnContacts(plugin)!;
    expect(contacts.length).toBeGreaterThan(0);
    expect(new Set(contacts.map((c) => c.kind))).toEqual(new Set(['hydrogen-bond']));
  });
});
