import type { MosaicNode, MosaicPath, MosaicSplitNode } from 'react-mosaic-component';
import type { PaneId } from '../registry/windows';

/**
 * Pure tree arithmetic for the workspace layout (a react-mosaic n-ary tree of panes).
 * Hiding a pane gives its share to its neighbour; showing one puts it back where the full
 * layout has it, with its default share.
 */
export type LayoutTree = MosaicNode<PaneId>;
type Split = MosaicSplitNode<PaneId>;

const split = (direction: Split['direction'], children: LayoutTree[], splitPercentages: number[]): Split => ({
  type: 'split',
  direction,
  children,
  splitPercentages,
});

/**
 * Every pane in its home position (spec §2): left column 18% (Entry List over Structure Viewer,
 * 50/50); on the right Med View beside the right-top-right slot over the Sequence Viewer (75/25).
 */
export const FULL_LAYOUT: LayoutTree = split(
  'row',
  [
    split('column', ['entryList', 'structureViewer'], [50, 50]),
    split('column', [split('row', ['medView', 'slot'], [60, 40]), 'sequenceViewer'], [75, 25]),
  ],
  [18, 82],
);

export const isSplit = (node: LayoutTree | null | undefined): node is Split =>
  typeof node === 'object' && node !== null && node.type === 'split';

/** The percentages of a split, equal shares when the tree has none. */
export function percentagesOf(node: Split): number[] {
  const given = node.splitPercentages;
  if (given && given.length === node.children.length) return given;
  return node.children.map(() => 100 / node.children.length);
}

export function leavesOf(node: LayoutTree | null): PaneId[] {
  if (node === null) return [];
  if (typeof node !== 'object') return [node];
  if (node.type === 'tabs') return [...node.tabs];
  return node.children.flatMap(leavesOf);
}

export const hasPane = (tree: LayoutTree | null, id: PaneId) => leavesOf(tree).includes(id);

/** The path of a pane (tabs count as their group's path), or null. */
export function pathOf(tree: LayoutTree | null, id: PaneId, path: MosaicPath = []): MosaicPath | null {
  if (tree === null) return null;
  if (typeof tree !== 'object') return tree === id ? path : null;
  if (tree.type === 'tabs') return tree.tabs.includes(id) ? path : null;
  for (const [index, child] of tree.children.entries()) {
    const found = pathOf(child, id, [...path, index]);
    if (found) return found;
  }
  return null;
}

function nodeAt(tree: LayoutTree, path: MosaicPath): LayoutTree {
  let node = tree;
  for (const index of path) {
    if (!isSplit(node)) throw new Error('path leaves the tree');
    node = node.children[index] as LayoutTree;
  }
  return node;
}

function replaceAt(tree: LayoutTree, path: MosaicPath, next: LayoutTree): LayoutTree {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (!isSplit(tree)) throw new Error('path leaves the tree');
  const children = tree.children.map((child, index) => (index === head ? replaceAt(child, rest, next) : child));
  return { ...tree, children };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Removes a pane. Its share goes to its neighbour (the one before it, else the one after);
 * a split left with one child is replaced by that child. Hiding the last pane gives null.
 */
export function removePane(tree: LayoutTree | null, id: PaneId): LayoutTree | null {
  const path = pathOf(tree, id);
  if (tree === null || path === null) return tree;
  const node = nodeAt(tree, path);
  if (typeof node === 'object' && node.type === 'tabs') {
    const tabs = node.tabs.filter((tab) => tab !== id);
    const removed = node.tabs.indexOf(id);
    if (tabs.length === 1) return replaceAt(tree, path, tabs[0] as PaneId);
    const active = node.activeTabIndex > removed ? node.activeTabIndex - 1 : node.activeTabIndex;
    return replaceAt(tree, path, { ...node, tabs, activeTabIndex: Math.min(active, tabs.length - 1) });
  }
  const index = path[path.length - 1];
  if (index === undefined) return null; // the pane was the whole layout
  const parentPath = path.slice(0, -1);
  const parent = nodeAt(tree, parentPath) as Split;
  const shares = percentagesOf(parent);
  const children = parent.children.filter((_, i) => i !== index);
  if (children.length === 1) return replaceAt(tree, parentPath, children[0] as LayoutTree);
  const neighbour = index > 0 ? index - 1 : index + 1;
  const next = shares.map((share, i) => (i === neighbour ? share + (shares[index] ?? 0) : share));
  const splitPercentages = next.filter((_, i) => i !== index).map(round);
  return replaceAt(tree, parentPath, { ...parent, children, splitPercentages });
}

/**
 * The path of the largest node on the way from the root to `anchor` whose panes all belong to
 * `allowed`: the place that stands for a subtree of the full layout in the current tree.
 */
function standInPath(tree: LayoutTree, anchor: PaneId, allowed: Set<PaneId>): MosaicPath {
  const anchorPath = pathOf(tree, anchor) ?? [];
  for (let depth = 0; depth <= anchorPath.length; depth += 1) {
    const path = anchorPath.slice(0, depth);
    if (leavesOf(nodeAt(tree, path)).every((leaf) => allowed.has(leaf))) return path;
  }
  return anchorPath;
}

/**
 * Puts a hidden pane back. Going up from the pane's home in `full`, the first sibling with a
 * pane still on screen is split again, in the full layout's direction and order, with the
 * default shares of the two (the rest of the tree keeps its percentages).
 */
export function addPane(tree: LayoutTree | null, id: PaneId, full: LayoutTree = FULL_LAYOUT): LayoutTree {
  if (tree === null) return id;
  if (hasPane(tree, id)) return tree;
  const home = pathOf(full, id);
  if (home === null) return split('row', [tree, id], [75, 25]);
  const present = new Set(leavesOf(tree));
  for (let depth = home.length; depth > 0; depth -= 1) {
    const index = home[depth - 1] as number;
    const parent = nodeAt(full, home.slice(0, depth - 1)) as Split;
    const shares = percentagesOf(parent);
    // The nearest sibling in the full layout with something on screen.
    const order = parent.children
      .map((_, i) => i)
      .filter((i) => i !== index)
      .sort((a, b) => Math.abs(a - index) - Math.abs(b - index) || a - b);
    const sibling = order.find((i) => leavesOf(parent.children[i] as LayoutTree).some((leaf) => present.has(leaf)));
    if (sibling === undefined) continue;
    const siblingLeaves = leavesOf(parent.children[sibling] as LayoutTree);
    const anchor = siblingLeaves.find((leaf) => present.has(leaf)) as PaneId;
    const targetPath = standInPath(tree, anchor, new Set(siblingLeaves));
    const target = nodeAt(tree, targetPath);
    const mine = shares[index] ?? 50;
    const theirs = shares[sibling] ?? 50;
    const share = round((100 * mine) / (mine + theirs));
    const node =
      index < sibling
        ? split(parent.direction, [id, target], [share, round(100 - share)])
        : split(parent.direction, [target, id], [round(100 - share), share]);
    return replaceAt(tree, targetPath, node);
  }
  return split('row', [tree, id], [75, 25]);
}

/** The default layout: the full one without the right-top-right slot. */
export const DEFAULT_LAYOUT: LayoutTree = removePane(FULL_LAYOUT, 'slot') as LayoutTree;

/**
 * A tree from storage, or null when it is not a valid layout of known, distinct panes.
 * Percentages that do not fit their children are dropped (equal shares).
 */
export function parseTree(value: unknown, isPane: (v: unknown) => v is PaneId): LayoutTree | null {
  const seen = new Set<PaneId>();
  const walk = (node: unknown): LayoutTree | null => {
    if (isPane(node)) {
      if (seen.has(node)) return null;
      seen.add(node);
      return node;
    }
    if (typeof node !== 'object' || node === null) return null;
    const candidate = node as Partial<Split>;
    if (candidate.type !== 'split' || (candidate.direction !== 'row' && candidate.direction !== 'column')) return null;
    if (!Array.isArray(candidate.children) || candidate.children.length < 2) return null;
    const children: LayoutTree[] = [];
    for (const child of candidate.children) {
      const parsed = walk(child);
      if (parsed === null) return null;
      children.push(parsed);
    }
    const given = candidate.splitPercentages;
    const fits =
      Array.isArray(given) &&
      given.length === children.length &&
      given.every((p) => typeof p === 'number' && Number.isFinite(p) && p >= 0) &&
      Math.abs(given.reduce((a, b) => a + b, 0) - 100) < 0.5;
    const result: Split = { type: 'split', direction: candidate.direction, children };
    if (fits) result.splitPercentages = given;
    return result;
  };
  return walk(value);
}
