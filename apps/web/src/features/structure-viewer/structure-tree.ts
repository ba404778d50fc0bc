/**
 * The Structure Viewer's hierarchy tree (spec §2 "Structure hierarchy tree"), as plain data: what
 * is loaded in Med View, file (trajectory) → models → structures → chains and components, read
 * from Mol*'s hierarchy manager by `read-hierarchy.ts`. No Mol* here, so the rules are unit-tested.
 */

export type TreeKind = 'trajectory' | 'model' | 'structure' | 'chain' | 'component';

/** A chain node's place: Mol* has no cell per chain, so it is its structure's ref and its id. */
export interface ChainOf {
  structure: string;
  id: string;
}

/** One level of Mol*'s structure hierarchy, reduced to what the tree shows. */
export interface HierarchyItem {
  /** The state-tree ref of the cell. */
  ref: string;
  label: string;
  hidden: boolean;
  children: HierarchyItem[];
  /** Set for the structure level's children that are chains (the others are components). */
  chain?: ChainOf;
}

export interface TreeNode {
  /** The ref: unique in the state tree, stable across refreshes. */
  key: string;
  kind: TreeKind;
  title: string;
  hidden: boolean;
  children: TreeNode[];
  chain?: ChainOf;
}

/** Levels by depth; at the last depth an item is a chain when it says so, else a component. */
const LEVELS: readonly TreeKind[] = ['trajectory', 'model', 'structure', 'component'];

/** The key of a chain node: unique in the tree, stable while its structure stays. */
export function chainKey(chain: ChainOf): string {
  return `${chain.structure}#chain:${chain.id}`;
}

/**
 * Builds the tree from trajectories (each item's children are the next level down). A
 * structure's children are its chains, then its components; both are leaves.
 */
export function buildTree(trajectories: readonly HierarchyItem[]): TreeNode[] {
  const build = (item: HierarchyItem, level: number): TreeNode => {
    if (item.chain && level === LEVELS.length - 1) {
      return {
        key: chainKey(item.chain),
        kind: 'chain',
        title: item.label,
        hidden: item.hidden,
        children: [],
        chain: item.chain,
      };
    }
    const kind = LEVELS[Math.min(level, LEVELS.length - 1)] as TreeKind;
    const children = level + 1 < LEVELS.length ? item.children.map((child) => build(child, level + 1)) : [];
    // Chains first, as the structure's atoms come; then the components Mol*'s preset made.
    children.sort((a, b) => Number(b.kind === 'chain') - Number(a.kind === 'chain'));
    return { key: item.ref, kind, title: item.label, hidden: item.hidden, children };
  };
  return trajectories.map((item) => build(item, 0));
}

/** Every key of the tree, parents before children (for "check all" and default expansion). */
export function allKeys(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children)]);
}

/** Finds a node by key. */
export function findNode(nodes: readonly TreeNode[], key: string): TreeNode | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const found = findNode(node.children, key);
    if (found) return found;
  }
  return undefined;
}

export type TreeAction =
  | 'focus'
  | 'select'
  | 'hide'
  | 'show'
  | 'remove'
  // Multi-select mode only:
  | 'check-all'
  | 'uncheck-all';

export interface TreeMenuItem {
  action: TreeAction;
  /** How many nodes the action applies to, when more than one. */
  count?: number;
  disabled?: boolean;
  danger?: boolean;
}

export type TreeMenuLine = TreeMenuItem | 'divider';

/**
 * The nodes an action works on: in multi-select mode, every checked node when the clicked one is
 * checked; otherwise the clicked node. A checked node whose ancestor is also checked is dropped
 * (removing or hiding the parent already covers it).
 */
export function actionTargets(
  nodes: readonly TreeNode[],
  clicked: string,
  checked: readonly string[],
  multi: boolean,
): TreeNode[] {
  const keys = multi && checked.includes(clicked) ? checked : [clicked];
  const wanted = new Set(keys);
  const out: TreeNode[] = [];
  const walk = (list: readonly TreeNode[], covered: boolean) => {
    for (const node of list) {
      const take = !covered && wanted.has(node.key);
      if (take) out.push(node);
      walk(node.children, covered || take);
    }
  };
  walk(nodes, false);
  return out;
}

/**
 * The right-click menu of a node: focus, select, hide or show, remove; in multi-select mode also
 * check all / uncheck all. Hide and show are both offered when the targets are mixed.
 */
export function treeMenu(targets: readonly TreeNode[], multi: boolean): TreeMenuLine[] {
  const count = targets.length > 1 ? targets.length : undefined;
  const anyShown = targets.some((node) => !node.hidden);
  const anyHidden = targets.some((node) => node.hidden);
  const lines: TreeMenuLine[] = [
    { action: 'focus', count },
    { action: 'select', count },
    'divider',
    ...(anyShown ? [{ action: 'hide' as const, count }] : []),
    ...(anyHidden ? [{ action: 'show' as const, count }] : []),
    { action: 'remove', count, danger: true },
  ];
  if (multi) lines.push('divider', { action: 'check-all' }, { action: 'uncheck-all' });
  return lines;
}
