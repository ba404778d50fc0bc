import { describe, expect, it } from 'vitest';
import { isPaneId } from '../registry/windows';
import {
  addPane,
  DEFAULT_LAYOUT,
  FULL_LAYOUT,
  type LayoutTree,
  leavesOf,
  parseTree,
  pathOf,
  percentagesOf,
  removePane,
} from './split-math';

const sumsTo100 = (tree: LayoutTree | null): boolean => {
  if (tree === null || typeof tree !== 'object' || tree.type !== 'split') return true;
  const total = percentagesOf(tree).reduce((a, b) => a + b, 0);
  return Math.abs(total - 100) < 0.01 && tree.children.every(sumsTo100);
};

describe('default layout', () => {
  it('is the spec layout: left 18% split 50/50, Med View over the Sequence Viewer 75/25, no slot', () => {
    expect(DEFAULT_LAYOUT).toEqual({
      type: 'split',
      direction: 'row',
      splitPercentages: [18, 82],
      children: [
        { type: 'split', direction: 'column', children: ['entryList', 'structureViewer'], splitPercentages: [50, 50] },
        { type: 'split', direction: 'column', children: ['medView', 'sequenceViewer'], splitPercentages: [75, 25] },
      ],
    });
  });

  it('has the slot right of Med View in the full layout', () => {
    expect(pathOf(FULL_LAYOUT, 'medView')).toEqual([1, 0, 0]);
    expect(pathOf(FULL_LAYOUT, 'slot')).toEqual([1, 0, 1]);
  });
});

describe('removePane', () => {
  it('gives the hidden pane its sibling and collapses the split', () => {
    const tree = removePane(DEFAULT_LAYOUT, 'structureViewer');
    expect(tree).toEqual({
      type: 'split',
      direction: 'row',
      splitPercentages: [18, 82],
      children: [
        'entryList',
        { type: 'split', direction: 'column', children: ['medView', 'sequenceViewer'], splitPercentages: [75, 25] },
      ],
    });
  });

  it('gives the share to the neighbour in a split of three', () => {
    const three: LayoutTree = {
      type: 'split',
      direction: 'row',
      children: ['entryList', 'medView', 'sequenceViewer'],
      splitPercentages: [20, 50, 30],
    };
    expect(removePane(three, 'medView')).toMatchObject({
      children: ['entryList', 'sequenceViewer'],
      splitPercentages: [70, 30],
    });
    expect(removePane(three, 'entryList')).toMatchObject({ splitPercentages: [70, 30] });
  });

  it('hides a whole column, then everything', () => {
    let tree: LayoutTree | null = removePane(removePane(DEFAULT_LAYOUT, 'entryList'), 'structureViewer');
    expect(tree).toEqual({
      type: 'split',
      direction: 'column',
      children: ['medView', 'sequenceViewer'],
      splitPercentages: [75, 25],
    });
    tree = removePane(removePane(tree, 'medView'), 'sequenceViewer');
    expect(tree).toBeNull();
  });

  it('leaves the tree alone for a pane not on screen', () => {
    expect(removePane(DEFAULT_LAYOUT, 'slot')).toBe(DEFAULT_LAYOUT);
  });

  it('drops a tab from a tab group', () => {
    const tabs: LayoutTree = { type: 'tabs', tabs: ['entryList', 'structureViewer'], activeTabIndex: 1 };
    expect(removePane(tabs, 'structureViewer')).toBe('entryList');
  });
});

describe('addPane', () => {
  it('showing after hiding restores the default share', () => {
    for (const id of ['entryList', 'structureViewer', 'medView', 'sequenceViewer'] as const) {
      expect(addPane(removePane(DEFAULT_LAYOUT, id), id)).toEqual(DEFAULT_LAYOUT);
    }
  });

  it('puts the slot right of Med View with its default share', () => {
    expect(addPane(DEFAULT_LAYOUT, 'slot')).toEqual(FULL_LAYOUT);
  });

  it('keeps percentages the user set elsewhere', () => {
    const resized = { ...(DEFAULT_LAYOUT as object), splitPercentages: [30, 70] } as LayoutTree;
    const tree = addPane(removePane(resized, 'structureViewer'), 'structureViewer');
    expect(tree).toMatchObject({ splitPercentages: [30, 70] });
    expect(pathOf(tree, 'structureViewer')).toEqual([0, 1]);
  });

  it('brings back a whole hidden column at 18%', () => {
    const right = removePane(removePane(DEFAULT_LAYOUT, 'entryList'), 'structureViewer');
    const tree = addPane(right, 'structureViewer');
    expect(tree).toEqual({
      type: 'split',
      direction: 'row',
      splitPercentages: [18, 82],
      children: ['structureViewer', right],
    });
    expect(addPane(tree, 'entryList')).toEqual(DEFAULT_LAYOUT);
  });

  it('starts from nothing with the pane alone, and ignores a pane already shown', () => {
    expect(addPane(null, 'medView')).toBe('medView');
    expect(addPane(DEFAULT_LAYOUT, 'medView')).toBe(DEFAULT_LAYOUT);
  });

  it('keeps every split at 100% through any hide and show sequence', () => {
    const ids = ['entryList', 'structureViewer', 'medView', 'sequenceViewer', 'slot'] as const;
    let tree: LayoutTree | null = DEFAULT_LAYOUT;
    let seed = 7;
    for (let step = 0; step < 200; step += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const id = ids[seed % ids.length] as (typeof ids)[number];
      tree = leavesOf(tree).includes(id) ? removePane(tree, id) : addPane(tree, id);
      expect(sumsTo100(tree)).toBe(true);
      expect(new Set(leavesOf(tree)).size).toBe(leavesOf(tree).length);
    }
    for (const id of ids) tree = addPane(tree, id);
    expect(leavesOf(tree).sort()).toEqual([...ids].sort());
  });
});

describe('parseTree', () => {
  it('accepts a stored layout', () => {
    expect(parseTree(JSON.parse(JSON.stringify(FULL_LAYOUT)), isPaneId)).toEqual(FULL_LAYOUT);
  });

  it('refuses unknown or repeated panes and malformed splits', () => {
    expect(parseTree('nope', isPaneId)).toBeNull();
    expect(parseTree({ type: 'split', direction: 'row', children: ['medView', 'medView'] }, isPaneId)).toBeNull();
    expect(parseTree({ type: 'split', direction: 'row', children: ['medView'] }, isPaneId)).toBeNull();
    expect(parseTree({ type: 'split', direction: 'up', children: ['medView', 'entryList'] }, isPaneId)).toBeNull();
  });

  it('drops percentages that do not fit', () => {
    const tree = parseTree(
      { type: 'split', direction: 'row', children: ['medView', 'entryList'], splitPercentages: [10, 10] },
      isPaneId,
    );
    expect(tree).toEqual({ type: 'split', direction: 'row', children: ['medView', 'entryList'] });
  });
});
