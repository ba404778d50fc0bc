import { addFixedCountDashedCylinder } from 'molstar/lib/mol-geo/geometry/mesh/builder/cylinder';
import { Mesh } from 'molstar/lib/mol-geo/geometry/mesh/mesh';
import { MeshBuilder } from 'molstar/lib/mol-geo/geometry/mesh/mesh-builder';
import { Vec3 } from 'molstar/lib/mol-math/linear-algebra';
import { Shape } from 'molstar/lib/mol-model/shape';
import { type Structure, StructureElement } from 'molstar/lib/mol-model/structure';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { createStructureRepresentationParams } from 'molstar/lib/mol-plugin-state/helpers/structure-representation-params';
import { PluginStateTransform, PluginStateObject as PSO } from 'molstar/lib/mol-plugin-state/objects';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import type { StateBuilder } from 'molstar/lib/mol-state';
import { Task } from 'molstar/lib/mol-task';
import { Color } from 'molstar/lib/mol-util/color';
import { ParamDefinition as PD } from 'molstar/lib/mol-util/param-definition';
import { visibleStructures } from '../../viewer/toolbar/molstar-structures';
import { type Contact, contactResidueLoci, findContacts, type StructureInput } from './contacts-molstar';
import {
  CONTACT_COLORS,
  DEFAULT_INTERACTION_OPTIONS,
  INTERACTION_DISPLAY,
  type InteractionOptions,
} from './interaction-options';

/** Tag of every cell the interaction display adds (auto-generated: removed when it turns off or redraws). */
export const INTERACTIONS_AUTO_TAG = 'medx-interactions-auto';
/** Tag put on the user's own ball-and-stick and interaction representations: never removed by the toggle. */
export const USER_MADE_TAG = 'medx-user-made';
/**
 * Auto-generated interaction displays of other parts of the app that turning the display on
 * replaces: the Docking Result's 3D button (its merged structure, feature docking).
 */
const OTHER_AUTO_TAGS = ['medx-docking-interactions'];

/** Dash radius in Å: the spec's size factor on a 0.25 Å base (Mol*'s ball-and-stick bonds are about that thick). */
export const DASH_RADIUS = INTERACTION_DISPLAY.sizeFactor * 0.25;

class ContactsData extends PSO.Create<{ contacts: Contact[] }>({ name: 'Interactions', typeClass: 'Data' }) {}

/**
 * The contacts between the visible structures (root-level: it depends on every structure it
 * reads, so removing a file removes the display too).
 */
const ComputeInteractionContacts = PluginStateTransform.BuiltIn({
  name: 'medx-interaction-contacts',
  display: { name: 'Interactions', description: 'Contacts between the visible structures' },
  from: PSO.Root,
  to: ContactsData,
  params: {
    structures: PD.Value<string[]>([], { isHidden: true }),
    options: PD.Value<InteractionOptions>(DEFAULT_INTERACTION_OPTIONS, { isHidden: true }),
  },
})({
  apply({ params, dependencies }) {
    return Task.create('Interactions', async (ctx) => {
      const inputs: StructureInput[] = [];
      for (const ref of params.structures) {
        const obj = dependencies?.[ref] as PSO.Molecule.Structure | undefined;
        if (obj) inputs.push({ ref, structure: obj.data });
      }
      const contacts = takePrecomputed(inputs, params.options) ?? (await findContacts(ctx, inputs, params.options));
      return new ContactsData({ contacts }, { label: 'Interactions', description: `${contacts.length}` });
    });
  },
});

/**
 * Contacts showInteractions found just before its commit, for the same structures (the same
 * objects) and options: the transform takes them instead of computing them again. Any other
 * apply (a structure changed, a snapshot restored) computes.
 */
let precomputed: { inputs: StructureInput[]; options: string; contacts: Contact[] } | null = null;

function takePrecomputed(inputs: readonly StructureInput[], options: InteractionOptions): Contact[] | null {
  const p = precomputed;
  precomputed = null;
  const same =
    !!p &&
    p.options === JSON.stringify(options) &&
    p.inputs.length === inputs.length &&
    p.inputs.every((x, i) => x.ref === inputs[i]?.ref && x.structure === inputs[i]?.structure);
  return same ? p.contacts : null;
}

const KIND_WORDS: Record<string, string> = {};
const words = (kind: string) => {
  KIND_WORDS[kind] ??= kind.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return KIND_WORDS[kind];
};
const residueLabel = (c: Contact['a']) => `${c.residue.name} ${c.residue.chain}${c.residue.seq}${c.residue.insCode}`;

/** Dashed cylinders, one group per contact, in the spec's dash count, dash scale and colours. */
export function buildContactsShape(contacts: readonly Contact[], prev?: Mesh): Shape<Mesh> {
  const mesh = MeshBuilder.createState(Math.max(1, contacts.length) * 128, 1024, prev);
  const a = Vec3();
  const b = Vec3();
  const props = { radiusTop: DASH_RADIUS, radiusBottom: DASH_RADIUS, topCap: true, bottomCap: true };
  contacts.forEach((c, i) => {
    mesh.currentGroup = i;
    Vec3.set(a, ...c.a.center);
    Vec3.set(b, ...c.b.center);
    addFixedCountDashedCylinder(mesh, a, b, INTERACTION_DISPLAY.dashScale, INTERACTION_DISPLAY.dashCount, true, props);
  });
  const colors = contacts.map((c) => Color.fromHexStyle(CONTACT_COLORS[c.kind]));
  return Shape.create(
    'Interactions',
    contacts,
    MeshBuilder.getMesh(mesh),
    (g) => colors[g] ?? Color(0xcccccc),
    () => 1,
    (g) => {
      const c = contacts[g];
      return c ? `${words(c.kind)}: ${residueLabel(c.a)} – ${residueLabel(c.b)}, ${c.distance.toFixed(2)} Å` : '';
    },
    undefined,
    contacts.length,
  );
}

const ContactsShape = PluginStateTransform.BuiltIn({
  name: 'medx-interaction-shape',
  display: { name: 'Interaction lines' },
  from: ContactsData,
  to: PSO.Shape.Provider,
  params: {},
})({
  canAutoUpdate: () => true,
  apply({ a }) {
    return new PSO.Shape.Provider(
      {
        label: 'Interaction lines',
        data: a.data.contacts,
        params: PD.withDefaults(Mesh.Params, {}),
        getShape: (_, data: Contact[], __, prev) => buildContactsShape(data, prev?.geometry),
        geometryUtils: Mesh.Utils,
      },
      { label: 'Interaction lines' },
    );
  },
});

/** Structures the display reads: the loaded files' structures that are shown (not merged helper structures). */
export function sourceStructures(plugin: PluginContext): StructureInput[] {
  return visibleStructures(plugin)
    .filter((s) => s.cell.transform.transformer === StateTransforms.Model.StructureFromModel)
    .map((s) => ({ ref: s.cell.transform.ref, structure: s.cell.obj?.data as Structure }))
    .filter((s) => !!s.structure);
}

/** Refs and visibility of the source structures: the display redraws when this changes. */
export function sourceSignature(plugin: PluginContext): string {
  return sourceStructures(plugin)
    .map((s) => `${s.ref}:${s.structure.elementCount}`)
    .join(',');
}

function autoCells(plugin: PluginContext, tags: readonly string[]) {
  return plugin.state.data
    .selectQ((q) => q.root.subtree().withTag(tags[0]!))
    .concat(...tags.slice(1).map((t) => plugin.state.data.selectQ((q) => q.root.subtree().withTag(t))));
}

/** Removes the auto-generated displays (ours, and with `others` the docking window's too). */
export async function removeInteractions(plugin: PluginContext, others = false): Promise<void> {
  const cells = autoCells(plugin, others ? [INTERACTIONS_AUTO_TAG, ...OTHER_AUTO_TAGS] : [INTERACTIONS_AUTO_TAG]);
  if (cells.length === 0) return;
  const builder = plugin.build();
  for (const cell of cells) builder.delete(cell.transform.ref);
  await builder.commit();
}

/**
 * Spec §4: the user's own ball-and-stick and interaction representations get a tag (in
 * `builder`), so no redraw removes them; returns the auto-generated cells, which are not theirs.
 */
function tagUserMade(plugin: PluginContext, builder: StateBuilder.Root) {
  const autos = autoCells(plugin, [INTERACTIONS_AUTO_TAG, ...OTHER_AUTO_TAGS]);
  const auto = new Set(
    autos.flatMap((c) =>
      plugin.state.data.selectQ((q) => q.byRef(c.transform.ref).subtree()).map((x) => x.transform.ref),
    ),
  );
  const reprs = plugin.state.data.selectQ((q) =>
    q.root.subtree().withTransformer(StateTransforms.Representation.StructureRepresentation3D),
  );
  for (const cell of reprs) {
    const type = (cell.transform.params as { type?: { name?: string } } | undefined)?.type?.name;
    if (type !== 'ball-and-stick' && type !== 'interactions') continue;
    if (auto.has(cell.transform.ref) || cell.transform.tags?.includes(USER_MADE_TAG)) continue;
    builder.to(cell.transform.ref).tag(USER_MADE_TAG);
  }
  return autos;
}

/**
 * Spec §4, on: the previous auto-generated displays go, the user's representations are tagged,
 * and the contacts for the object of interaction are drawn with the residues they join as thin
 * sticks. The contacts are found first and everything else is one state update, so Mol* redraws
 * the scene once. Returns how many contacts were drawn.
 */
export async function showInteractions(plugin: PluginContext, options: InteractionOptions): Promise<number> {
  const inputs = sourceStructures(plugin);
  const contacts =
    inputs.length === 0
      ? []
      : await plugin.runTask(Task.create('Interactions', (ctx) => findContacts(ctx, inputs, options)));
  const builder = plugin.build();
  for (const cell of tagUserMade(plugin, builder)) builder.delete(cell.transform.ref);
  if (inputs.length > 0) {
    const refs = inputs.map((s) => s.ref);
    builder
      .toRoot()
      .apply(
        ComputeInteractionContacts,
        { structures: refs, options },
        { dependsOn: refs, tags: [INTERACTIONS_AUTO_TAG] },
      )
      .apply(ContactsShape, {}, { tags: [INTERACTIONS_AUTO_TAG] })
      .apply(StateTransforms.Representation.ShapeRepresentation3D, {}, { tags: [INTERACTIONS_AUTO_TAG] });
    for (const { ref, loci } of contactResidueLoci(inputs, contacts)) {
      builder
        .to(ref)
        .apply(
          StateTransforms.Model.StructureComponent,
          {
            type: { name: 'bundle', params: StructureElement.Bundle.fromLoci(loci) },
            nullIfEmpty: true,
            label: 'Interacting residues',
          },
          { tags: [INTERACTIONS_AUTO_TAG] },
        )
        .apply(
          StateTransforms.Representation.StructureRepresentation3D,
          createStructureRepresentationParams(plugin, loci.structure, {
            type: 'ball-and-stick',
            typeParams: { sizeFactor: 0.2 },
            color: 'element-symbol',
          }),
        );
    }
  }
  precomputed = { inputs, options: JSON.stringify(options), contacts };
  try {
    await builder.commit();
  } finally {
    precomputed = null;
  }
  return contacts.length;
}

/** The contacts the display drew last (the 2D diagram and tests read them). */
export function drawnContacts(plugin: PluginContext): Contact[] | null {
  const cell = plugin.state.data.selectQ((q) => q.root.subtree().withTransformer(ComputeInteractionContacts))[0];
  return (cell?.obj as ContactsData | undefined)?.data.contacts ?? null;
}
