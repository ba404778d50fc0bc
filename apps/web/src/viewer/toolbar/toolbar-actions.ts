import { Mat4 } from 'molstar/lib/mol-math/linear-algebra';
import {
  QueryContext,
  StructureElement,
  StructureProperties,
  StructureSelection,
} from 'molstar/lib/mol-model/structure';
import { alignAndSuperpose, superpose } from 'molstar/lib/mol-model/structure/structure/util/superposition';
import { PluginCommands } from 'molstar/lib/mol-plugin/commands';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import {
  StructureSelectionQueries,
  StructureSelectionQuery,
} from 'molstar/lib/mol-plugin-state/helpers/structure-selection-query';
import type { StructureRef } from 'molstar/lib/mol-plugin-state/manager/structure/hierarchy-state';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import { MolScriptBuilder as MS } from 'molstar/lib/mol-script/language/builder';
import { StateObjectRef } from 'molstar/lib/mol-state';
import { Task } from 'molstar/lib/mol-task';
import { Color } from 'molstar/lib/mol-util/color';
import type { SelectionMode } from './constants';
import { nextLigandIndex } from './ligands';
import { ligandLoci, sourceKeyOf, visibleLigands, visibleStructures } from './molstar-structures';
import {
  type AlignKind,
  addComponentRequirement,
  alignRequirement,
  clampExpandDistance,
  formatRmsd,
  type MeasureKind,
  meanRmsd,
  measureRequirement,
  transparencyValue,
} from './requirements';

/**
 * What the toolbar's buttons do to the Mol* plugin. Each action answers the message to show
 * (a key under `toolbar:messages.`), or null when it succeeded silently. Failures of Mol*
 * itself are logged to the console and answered with the spec's failure message.
 */
export interface ActionMessage {
  type: 'success' | 'error' | 'warning' | 'info';
  key: string;
  values?: Record<string, string | number>;
}

type Result = ActionMessage | null;

const warn = (key: string): ActionMessage => ({ type: 'warning', key });
const fail = (key: string, error: unknown): ActionMessage => {
  console.error(key, error);
  return { type: 'error', key };
};

function selectionManager(plugin: PluginContext) {
  return plugin.managers.structure.selection;
}

/** Selected element count over all structures. */
export function selectedElementCount(plugin: PluginContext): number {
  return selectionManager(plugin).elementCount();
}

/** Structures on screen that hold part of the current selection. */
function visibleStructuresWithSelection(plugin: PluginContext): StructureRef[] {
  const selection = selectionManager(plugin);
  return visibleStructures(plugin).filter((s) => selection.structureHasSelection(s));
}

// ---- measure ----------------------------------------------------------------------------

const MEASURE_FAILED: Record<MeasureKind, string> = {
  distance: 'distanceFailed',
  angle: 'angleFailed',
  dihedral: 'dihedralFailed',
};

/**
 * Distance, angle or dihedral between the latest selected items (Mol*'s additions history,
 * newest first: the items picked one after another), as Mol*'s own measurement controls do.
 */
export async function measure(plugin: PluginContext, kind: MeasureKind): Promise<Result> {
  const history = selectionManager(plugin).additionsHistory;
  const requirement = measureRequirement(kind, history.length);
  if (requirement) return warn(requirement);
  const [a, b, c, d] = history.map((h) => h.loci);
  const measurement = plugin.managers.structure.measurement;
  try {
    if (!a || !b) return warn(measureRequirement(kind, 0) ?? 'selectTwo');
    if (kind === 'distance') await measurement.addDistance(a, b);
    else if (kind === 'angle' && c) await measurement.addAngle(a, b, c);
    else if (kind === 'dihedral' && c && d) await measurement.addDihedral(a, b, c, d);
    return null;
  } catch (error) {
    return fail(MEASURE_FAILED[kind], error);
  }
}

// ---- components and styling ---------------------------------------------------------------

/** A new component from the current selection with the chosen representation (spec §2). */
export async function addComponent(plugin: PluginContext, representation: string): Promise<Result> {
  const structures = visibleStructuresWithSelection(plugin);
  const requirement = addComponentRequirement(selectedElementCount(plugin), structures.length);
  if (requirement) return warn(requirement);
  try {
    await plugin.managers.structure.component.add(
      { selection: StructureSelectionQueries.current, options: { checkExisting: false, label: '' }, representation },
      structures,
    );
    return null;
  } catch (error) {
    return fail('addComponentFailed', error);
  }
}

/** Takes the selected atoms out of every component of the structures that hold them. */
export async function removeSelection(plugin: PluginContext): Promise<Result> {
  if (selectedElementCount(plugin) === 0) return warn('selectAtLeastOne');
  const structures = visibleStructuresWithSelection(plugin);
  if (structures.length === 0) return warn('noVisibleStructures');
  try {
    const components = structures.flatMap((s) => s.components);
    await plugin.managers.structure.component.modifyByCurrentSelection(components, 'subtract');
    return null;
  } catch (error) {
    return fail('addComponentFailed', error);
  }
}

/** Overpaints the selection (hex colour) or resets its colour (null). */
export async function applyColor(plugin: PluginContext, hex: string | null): Promise<Result> {
  if (selectedElementCount(plugin) === 0) return warn('noSelection');
  try {
    const action =
      hex === null
        ? ({ name: 'resetColor', params: {} } as const)
        : ({ name: 'color', params: { color: Color.fromHexStyle(hex) } } as const);
    await plugin.managers.structure.component.applyTheme(
      { selection: StructureSelectionQueries.current, action, representations: [] },
      visibleStructuresWithSelection(plugin),
    );
    return null;
  } catch (error) {
    return fail('colorFailed', error);
  }
}

/** Sets the selection's transparency, 0 to 100 % (spec §5). */
export async function applyTransparency(plugin: PluginContext, percent: number): Promise<Result> {
  if (selectedElementCount(plugin) === 0) return warn('noSelection');
  try {
    await plugin.managers.structure.component.applyTheme(
      {
        selection: StructureSelectionQueries.current,
        action: { name: 'transparency', params: { value: transparencyValue(percent) } },
        representations: [],
      },
      visibleStructuresWithSelection(plugin),
    );
    return null;
  } catch (error) {
    return fail('transparencyFailed', error);
  }
}

// ---- alignment -----------------------------------------------------------------------------

interface AlignEntry {
  structureRef: string;
  loci: StructureElement.Loci;
}

/** The root structure a (sub)structure's loci belong to, as the selection manager keys it. */
function rootStructureOf(plugin: PluginContext, ref: string) {
  return StateObjectRef.resolveAndCheck(plugin.state.data, ref)?.obj?.data as
    | StructureElement.Loci['structure']
    | undefined;
}

/** One entry per structure whose selection is a single polymer chain (or residues in it). */
function chainEntries(plugin: PluginContext, visibleRefs: ReadonlySet<string>): AlignEntry[] {
  const location = StructureElement.Location.create();
  const entries: AlignEntry[] = [];
  selectionManager(plugin).entries.forEach(({ selection }, ref) => {
    if (!visibleRefs.has(ref) || StructureElement.Loci.isEmpty(selection)) return;
    const first = StructureElement.Loci.getFirstLocation(selection, location);
    if (!first || selection.elements.length !== 1 || StructureProperties.entity.type(first) !== 'polymer') return;
    entries.push({ structureRef: ref, loci: selection });
  });
  return entries;
}

/** Single-atom items of the additions history, grouped by structure in picking order. */
function atomEntries(
  plugin: PluginContext,
  visibleRefs: ReadonlySet<string>,
): { entries: AlignEntry[]; items: number } {
  const byStructure = new Map<string, StructureElement.Loci[]>();
  let items = 0;
  for (const item of selectionManager(plugin).additionsHistory) {
    if (StructureElement.Loci.size(item.loci) !== 1) continue;
    const cell = plugin.helpers.substructureParent.get(item.loci.structure);
    const ref = cell?.transform.ref;
    if (!ref || !visibleRefs.has(ref)) continue;
    items++;
    const list = byStructure.get(ref) ?? [];
    list.push(item.loci);
    byStructure.set(ref, list);
  }
  const entries: AlignEntry[] = [];
  for (const [ref, atoms] of byStructure) {
    const first = atoms[0];
    if (!first) continue;
    // Kept in picking order (no union): superposition pairs the i-th atoms of each structure.
    const loci = StructureElement.Loci(
      first.structure,
      atoms.flatMap((l) => l.elements),
    );
    entries.push({ structureRef: ref, loci });
  }
  return { entries, items };
}

/** Moves structure `ref` by `matrix` (Mol*'s structure-conformation transform, undoable). */
async function transformStructure(plugin: PluginContext, ref: string, matrix: Mat4, pivotRef: string) {
  const state = plugin.state.data;
  const pivot = rootStructureOf(plugin, pivotRef);
  const system = pivot?.coordinateSystem;
  const data = system && !Mat4.isIdentity(system.matrix) ? Mat4.mul(Mat4(), system.matrix, matrix) : matrix;
  const params = { transform: { name: 'matrix' as const, params: { data, transpose: false } } };
  const existing = state.selectQ((q) =>
    q.byRef(ref).subtree().withTransformer(StateTransforms.Model.TransformStructureConformation),
  )[0];
  const builder = existing
    ? state.build().to(existing).update(params)
    : state.build().to(ref).insert(StateTransforms.Model.TransformStructureConformation, params);
  await plugin.runTask(state.updateTree(builder, { canUndo: 'Align structures' }));
}

/**
 * Aligns the structures of the selection onto the first one (spec §2/§5): by chains with a
 * sequence alignment on the trace atoms (Mol*'s superposition defaults, both true), or by the
 * picked atoms in order. Success reports the RMSD (the mean over pairs when more than two).
 */
export async function align(plugin: PluginContext, kind: AlignKind): Promise<Result> {
  const visible = visibleStructures(plugin);
  const visibleRefs = new Set(visible.map((s) => s.cell.transform.ref));
  const { entries, items } =
    kind === 'chains'
      ? (() => {
          const e = chainEntries(plugin, visibleRefs);
          return { entries: e, items: e.length };
        })()
      : atomEntries(plugin, visibleRefs);
  const files = new Set(entries.map((e) => sourceKeyOf(plugin, e.structureRef)));
  const requirement = alignRequirement(kind, items, files.size);
  if (requirement) return warn(requirement);
  if (entries.length < 2) return warn('alignFiles');
  try {
    const locis = entries.map((e) => {
      const root = rootStructureOf(plugin, e.structureRef) ?? e.loci.structure;
      if (kind === 'atoms') return StructureElement.Loci.remap(e.loci, root);
      const sub = StructureElement.Loci.toStructure(e.loci);
      const trace = StructureSelection.toLociWithSourceUnits(
        StructureSelectionQueries.trace.query(new QueryContext(sub)),
      );
      return StructureElement.Loci.remap(trace, root);
    });
    const transforms = kind === 'chains' ? alignAndSuperpose(locis) : superpose(locis);
    const pivotRef = entries[0]?.structureRef ?? '';
    const rmsds: number[] = [];
    for (let i = 1; i < entries.length; i++) {
      const t = transforms[i - 1];
      const entry = entries[i];
      if (!t || !entry) continue;
      await transformStructure(plugin, entry.structureRef, t.bTransform, pivotRef);
      rmsds.push(t.rmsd);
    }
    const rmsd = meanRmsd(rmsds);
    if (!Number.isFinite(rmsd)) return fail('alignFailed', new Error('superposition gave no RMSD'));
    await PluginCommands.Camera.Reset(plugin, {});
    return { type: 'success', key: 'aligned', values: { value: formatRmsd(rmsd) } };
  } catch (error) {
    return fail('alignFailed', error);
  }
}

// ---- undo -------------------------------------------------------------------------------------

export async function undo(plugin: PluginContext): Promise<Result> {
  if (!plugin.state.data.canUndo) return null;
  await plugin.runTask(plugin.state.data.undo());
  return null;
}

// ---- selection ------------------------------------------------------------------------------

/** Runs a selection query on every structure with the given mode, waiting for it to finish. */
export async function applyQuery(
  plugin: PluginContext,
  mode: SelectionMode,
  query: StructureSelectionQuery,
  applyGranularity = true,
): Promise<void> {
  const selection = selectionManager(plugin);
  const structures = plugin.managers.structure.hierarchy.selection.structures
    .map((s) => s.cell.obj?.data)
    .filter((s) => s !== undefined);
  await plugin.runTask(
    Task.create('Structure Selection', async (runtime) => {
      for (const structure of structures) {
        const result = await query.getSelection(plugin, runtime, structure);
        selection.fromLoci(mode, StructureSelection.toLociWithSourceUnits(result), applyGranularity);
      }
    }),
  );
}

export type QuickSelect = 'polymer' | 'ligand' | 'solvent' | 'all';

const QUICK_QUERIES: Record<QuickSelect, () => StructureSelectionQuery> = {
  polymer: () => StructureSelectionQueries.protein,
  ligand: () => StructureSelectionQueries.ligand,
  solvent: () => StructureSelectionQueries.water,
  all: () => StructureSelectionQueries.all,
};

/** P / L / S / All replace the selection with proteins, ligands, solvent or everything. */
export async function quickSelect(plugin: PluginContext, what: QuickSelect): Promise<Result> {
  if (visibleStructures(plugin).length === 0) return warn('noStructure');
  try {
    await applyQuery(plugin, 'set', QUICK_QUERIES[what](), false);
    return null;
  } catch (error) {
    return fail('createFailed', error);
  }
}

export function deselectAll(plugin: PluginContext): Result {
  plugin.managers.interactivity.lociSelects.deselectAll();
  return null;
}

/** Selects everything not selected now. */
export async function invertSelection(plugin: PluginContext): Promise<Result> {
  if (visibleStructures(plugin).length === 0) return warn('noStructure');
  try {
    await applyQuery(plugin, 'set', StructureSelectionQueries.complement, false);
    return null;
  } catch (error) {
    return fail('createFailed', error);
  }
}

/** The selection grown by whole residues within `distance` Å (spec §4/§5: 1 to 20, default 5). */
export async function expandSelection(plugin: PluginContext, distance: number): Promise<Result> {
  if (selectedElementCount(plugin) === 0) return warn('noSelection');
  const radius = clampExpandDistance(distance);
  try {
    const query = StructureSelectionQuery(
      `Expand ${radius} Å`,
      MS.struct.modifier.includeSurroundings({
        0: MS.internal.generator.current(),
        radius,
        'as-whole-residues': true,
      }),
      { referencesCurrent: true },
    );
    await applyQuery(plugin, 'add', query, false);
    return { type: 'success', key: 'expanded', values: { distance: radius } };
  } catch (error) {
    return fail('expandFailed', error);
  }
}

/** The Define menu: a Mol* selection query applied with a mode. */
export async function defineSelection(
  plugin: PluginContext,
  mode: SelectionMode,
  query: StructureSelectionQuery,
): Promise<Result> {
  if (visibleStructures(plugin).length === 0) return warn('noStructure');
  try {
    await applyQuery(plugin, mode, query);
    return null;
  } catch (error) {
    return fail('createFailed', error);
  }
}

/** Queries the Define menu offers, by Mol*'s category (spec §4 selection modes use them all). */
export function defineQueries(): { category: string; queries: { key: string; query: StructureSelectionQuery }[] }[] {
  const groups = new Map<string, { key: string; query: StructureSelectionQuery }[]>();
  Object.entries(StructureSelectionQueries).forEach(([key, query]) => {
    if (key === 'current' || query.isHidden) return;
    const list = groups.get(query.category) ?? [];
    list.push({ key, query });
    groups.set(query.category, list);
  });
  return [...groups.entries()].map(([category, queries]) => ({ category, queries }));
}

// ---- right panel --------------------------------------------------------------------------

/**
 * Shows or hides the right region (Structure Tools). Mol*'s Layout.Update command would also
 * leave browser full screen (it syncs its own full-screen flag), which the workspace's top bar
 * owns; so the props are set and the layout's update event raised directly.
 */
export function setRightPanel(plugin: PluginContext, open: boolean): void {
  plugin.layout.setProps({ regionState: { ...plugin.layout.state.regionState, right: open ? 'full' : 'hidden' } });
  plugin.layout.events.updated.next(undefined);
}

// ---- fit --------------------------------------------------------------------------------------

/** Fit to workspace: the camera shows everything loaded. */
export async function fitWorkspace(plugin: PluginContext): Promise<Result> {
  if (visibleStructures(plugin).length === 0) return warn('noStructure');
  try {
    await PluginCommands.Camera.Reset(plugin, {});
    return null;
  } catch (error) {
    return fail('fitWorkspaceFailed', error);
  }
}

/** Fit to selection. */
export function fitSelection(plugin: PluginContext): Result {
  if (visibleStructures(plugin).length === 0) return warn('noStructure');
  const selection = selectionManager(plugin);
  if (selection.elementCount() === 0) return warn('selectFirst');
  try {
    const locis: StructureElement.Loci[] = [];
    selection.entries.forEach(({ selection: loci }) => {
      if (!StructureElement.Loci.isEmpty(loci)) locis.push(loci);
    });
    plugin.managers.camera.focusLoci(locis);
    return null;
  } catch (error) {
    return fail('focusSelectionFailed', error);
  }
}

/** Fit to ligand: every ligand of the visible structures in view. */
export function fitLigands(plugin: PluginContext): Result {
  if (visibleStructures(plugin).length === 0) return warn('noStructure');
  const ligands = visibleLigands(plugin);
  if (ligands.length === 0) return warn('noLigands');
  try {
    plugin.managers.camera.focusLoci(ligands.map(ligandLoci));
    return null;
  } catch (error) {
    return fail('focusLigandFailed', error);
  }
}

/**
 * AUTO: focuses the ligand after `lastKey` (with its surroundings, Mol*'s focus representation)
 * and answers its key with 'Focused on ligand {n}/{total}'.
 */
export function focusNextLigand(
  plugin: PluginContext,
  lastKey: string | null,
): { message: Result; key: string | null } {
  if (visibleStructures(plugin).length === 0) return { message: warn('noStructure'), key: lastKey };
  const ligands = visibleLigands(plugin);
  const index = nextLigandIndex(ligands, lastKey);
  const ligand = index === null ? undefined : ligands[index];
  if (index === null || !ligand) return { message: warn('noLigands'), key: null };
  try {
    const loci = ligandLoci(ligand);
    plugin.managers.structure.focus.setFromLoci(loci);
    plugin.managers.camera.focusLoci(loci);
    return {
      message: { type: 'success', key: 'focusedLigand', values: { n: index + 1, total: ligands.length } },
      key: ligand.key,
    };
  } catch (error) {
    return { message: fail('focusLigandFailed', error), key: lastKey };
  }
}
