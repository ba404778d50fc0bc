import { Structure } from 'molstar/lib/mol-model/structure';
import { InteractionsRepresentationProvider } from 'molstar/lib/mol-model-props/computed/representations/interactions';
import { InteractionTypeColorThemeProvider } from 'molstar/lib/mol-model-props/computed/themes/interaction-type';
import {
  StructureSelectionQueries,
  StructureSelectionQuery,
} from 'molstar/lib/mol-plugin-state/helpers/structure-selection-query';
import { PluginStateTransform, PluginStateObject as PSO } from 'molstar/lib/mol-plugin-state/objects';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { MolScriptBuilder as MS } from 'molstar/lib/mol-script/language/builder';
import { StateObject } from 'molstar/lib/mol-state';
import { Task } from 'molstar/lib/mol-task';
import { ParamDefinition as PD } from 'molstar/lib/mol-util/param-definition';

/** Tag of the cells this module adds, so the next pose replaces them. */
export const INTERACTIONS_TAG = 'medx-docking-interactions';

/**
 * Mol* computes non-covalent interactions within one structure, and the protein and the pose are
 * two files (two structures). This transform joins their units into one structure (what Mol*'s
 * docking-viewer app does); it depends on both, so removing either file removes it too.
 */
const MergeStructures = PluginStateTransform.BuiltIn({
  name: 'medx-merge-structures',
  display: { name: 'Protein + pose', description: 'Protein and docked pose joined for interactions' },
  from: PSO.Root,
  to: PSO.Molecule.Structure,
  params: {
    structures: PD.ObjectList({ ref: PD.Text('') }, ({ ref }) => ref, { isHidden: true }),
    label: PD.Text('Interactions', { isHidden: true }),
  },
})({
  apply({ params, dependencies }) {
    return Task.create('Merge structures', async () => {
      const first = params.structures[0];
      if (!first || !dependencies) return StateObject.Null;
      const master = (dependencies[first.ref] as PSO.Molecule.Structure).data;
      const builder = Structure.Builder({ masterModel: master.models[0] });
      for (const { ref } of params.structures) {
        const structure = (dependencies[ref] as PSO.Molecule.Structure).data;
        for (const unit of structure.units) {
          builder.addUnit(unit.kind, unit.model, unit.conformation.operator, unit.elements, unit.traits);
        }
      }
      return new PSO.Molecule.Structure(builder.getStructure(), { label: params.label });
    });
  },
});

/** Residues within 5 Å of the ligand, without the ligand (as in Mol*'s docking viewer). */
const ligandSurroundings = StructureSelectionQuery(
  'Surroundings of the pose',
  MS.struct.modifier.exceptBy({
    0: MS.struct.modifier.includeSurroundings({
      0: StructureSelectionQueries.ligand.expression,
      radius: 5,
      'as-whole-residues': true,
    }),
    by: StructureSelectionQueries.ligand.expression,
  }),
);

/** The structure cell (model → structure) under a loaded file's root cell. */
function structureRefUnder(plugin: PluginUIContext, rootRef: string): string | null {
  const cells = plugin.state.data.selectQ((q) =>
    q.byRef(rootRef).subtree().withTransformer(StateTransforms.Model.StructureFromModel),
  );
  return cells[0]?.transform.ref ?? null;
}

/** Removes the interaction cells a previous pose added. */
export async function clearPoseInteractions(plugin: PluginUIContext): Promise<void> {
  const old = plugin.state.data.selectQ((q) => q.root.subtree().withTag(INTERACTIONS_TAG));
  if (old.length === 0) return;
  const builder = plugin.build();
  for (const cell of old) builder.delete(cell.transform.ref);
  await builder.commit();
}

/**
 * Shows protein-ligand interactions between a loaded protein file and a loaded pose file (both
 * by their root cell refs): dashed interaction lines coloured by type, the pocket residues as thin
 * sticks, and the camera on the pose. Returns false when either file has no structure.
 */
export async function showPoseInteractions(
  plugin: PluginUIContext,
  proteinRootRef: string,
  poseRootRef: string,
  label: string,
): Promise<boolean> {
  await clearPoseInteractions(plugin);
  const protein = structureRefUnder(plugin, proteinRootRef);
  const pose = structureRefUnder(plugin, poseRootRef);
  if (!protein || !pose) return false;

  const merged = await plugin
    .build()
    .toRoot()
    .apply(
      MergeStructures,
      { structures: [{ ref: protein }, { ref: pose }], label },
      { dependsOn: [protein, pose], tags: [INTERACTIONS_TAG] },
    )
    .commit();

  const builders = plugin.builders.structure;
  const ligand = await builders.tryCreateComponentStatic(merged, 'ligand');
  const pocket = await builders.tryCreateComponentFromSelection(merged, ligandSurroundings, 'pocket');
  if (ligand) {
    await builders.representation.addRepresentation(ligand, {
      type: InteractionsRepresentationProvider,
      typeParams: { includeParent: true, parentDisplay: 'between' },
      color: InteractionTypeColorThemeProvider,
    });
  }
  if (pocket) {
    await builders.representation.addRepresentation(pocket, {
      type: 'ball-and-stick',
      typeParams: { sizeFactor: 0.15 },
      color: 'element-symbol',
    });
  }

  const poseStructure = plugin.state.data.cells.get(pose)?.obj?.data as Structure | undefined;
  if (poseStructure) {
    plugin.managers.camera.focusLoci(Structure.toStructureElementLoci(poseStructure), { extraRadius: 6 });
  }
  return true;
}
