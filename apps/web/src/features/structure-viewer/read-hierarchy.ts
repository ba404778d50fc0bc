import type { Loci } from 'molstar/lib/mol-model/loci';
import { Structure } from 'molstar/lib/mol-model/structure';
import { PluginCommands } from 'molstar/lib/mol-plugin/commands';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import type {
  StructureHierarchyRef,
  StructureRef,
} from 'molstar/lib/mol-plugin-state/manager/structure/hierarchy-state';
import { StateTransform } from 'molstar/lib/mol-state';
import { setSubtreeHidden } from '../../viewer/subtree-visibility';
import { chainLoci, componentChainIds, isChainHidden, removeChain, setChainHidden } from './chains';
import type { HierarchyItem, TreeAction, TreeNode } from './structure-tree';

function labelOf(ref: StructureHierarchyRef, fallback: string): string {
  return ref.cell.obj?.label || ref.cell.transform.params?.label || fallback;
}

function item(ref: StructureHierarchyRef, fallback: string, children: HierarchyItem[]): HierarchyItem {
  return {
    ref: ref.cell.transform.ref,
    label: labelOf(ref, fallback),
    hidden: Boolean(ref.cell.state.isHidden),
    children,
  };
}

/** A structure's chains as tree items (label: the chain id; the window words it). */
function chainItems(plugin: PluginContext, structure: StructureRef): HierarchyItem[] {
  const ref = structure.cell.transform.ref;
  return componentChainIds(structure).map((id) => ({
    ref: `${ref}#chain:${id}`,
    label: id,
    hidden: isChainHidden(plugin, ref, id),
    children: [],
    chain: { structure: ref, id },
  }));
}

/**
 * Mol*'s structure hierarchy as the tree's plain data (trajectory → model → structure → chains
 * and components).
 */
export function readHierarchy(plugin: PluginContext): HierarchyItem[] {
  return plugin.managers.structure.hierarchy.current.trajectories.map((trajectory, t) => ({
    ...item(
      trajectory,
      `Trajectory ${t + 1}`,
      trajectory.models.map((model, m) =>
        item(
          model,
          `Model ${m + 1}`,
          model.structures.map((structure, s) =>
            item(structure, `Structure ${s + 1}`, [
              ...chainItems(plugin, structure),
              ...structure.components.map((component, c) => item(component, `Component ${c + 1}`, [])),
            ]),
          ),
        ),
      ),
    ),
    // A file is named as the Entry List names it (its data cell's label), not by its title line.
    label: fileLabel(plugin, trajectory.cell.transform.ref) || labelOf(trajectory, `Trajectory ${t + 1}`),
  }));
}

function fileLabel(plugin: PluginContext, ref: string): string {
  const root = fileRoot(plugin, ref);
  return root === ref ? '' : (plugin.state.data.cells.get(root)?.obj?.label ?? '');
}

/**
 * The cell a trajectory-level action works on: the file's root (its data cell, which carries the
 * `medx-file:<id>` tag), so hiding or removing a file here is what the Entry List's In column sees.
 */
function fileRoot(plugin: PluginContext, ref: string): string {
  const state = plugin.state.data;
  let current = ref;
  for (;;) {
    const parent = state.cells.get(current)?.transform.parent;
    if (!parent || parent === StateTransform.RootRef) return current;
    current = parent;
  }
}

function actionRef(plugin: PluginContext, node: TreeNode): string {
  return node.kind === 'trajectory' ? fileRoot(plugin, node.key) : node.key;
}

function structureRef(plugin: PluginContext, ref: string): StructureRef | undefined {
  return plugin.managers.structure.hierarchy.current.structures.find((s) => s.cell.transform.ref === ref);
}

/** The structures at or under a node, as loci (for focus and select). */
function lociOf(plugin: PluginContext, node: TreeNode): Loci[] {
  const state = plugin.state.data;
  if (node.chain) {
    const data = state.cells.get(node.chain.structure)?.obj?.data;
    if (!(data instanceof Structure)) return [];
    const loci = chainLoci(data, node.chain.id);
    return loci.elements.length > 0 ? [loci] : [];
  }
  const refs: string[] = [];
  const collect = (n: TreeNode) => {
    if (n.kind === 'structure' || n.kind === 'component') refs.push(n.key);
    else for (const child of n.children) collect(child);
  };
  collect(node);
  const out: Loci[] = [];
  for (const ref of refs) {
    const data = state.cells.get(ref)?.obj?.data;
    if (data instanceof Structure && data.elementCount > 0) out.push(Structure.toStructureElementLoci(data));
  }
  return out;
}

/** Runs a tree action on the given nodes (see `actionTargets`). */
export async function runTreeAction(plugin: PluginContext, action: TreeAction, targets: readonly TreeNode[]) {
  const state = plugin.state.data;
  switch (action) {
    case 'focus': {
      const loci = targets.flatMap((node) => lociOf(plugin, node));
      if (loci.length) plugin.managers.camera.focusLoci(loci);
      return;
    }
    case 'select': {
      const loci = targets.flatMap((node) => lociOf(plugin, node));
      plugin.managers.interactivity.lociSelects.deselectAll();
      for (const l of loci) plugin.managers.interactivity.lociSelects.select({ loci: l });
      return;
    }
    case 'hide':
    case 'show':
      for (const node of targets) {
        if (node.chain) {
          const structure = structureRef(plugin, node.chain.structure);
          if (structure) await setChainHidden(plugin, structure, node.chain.id, action === 'hide');
        } else setSubtreeHidden(state, actionRef(plugin, node), action === 'hide');
      }
      return;
    case 'remove': {
      // Chains first: removing their structure's cells afterwards would leave nothing to edit.
      for (const node of targets) {
        if (!node.chain) continue;
        const structure = structureRef(plugin, node.chain.structure);
        if (structure) await removeChain(plugin, structure, node.chain.id);
      }
      const refs = [...new Set(targets.filter((node) => !node.chain).map((node) => actionRef(plugin, node)))];
      for (const ref of refs) {
        if (!state.cells.has(ref)) continue;
        await PluginCommands.State.RemoveObject(plugin, { state, ref, removeParentGhosts: true });
      }
      return;
    }
    default:
      return;
  }
}
