import { beforeAll, describe, expect, it } from 'vitest';
import { defineFeature } from '../registry/feature';
import { registerFeatures } from '../registry/registry';
import { hideWindow, isWindowShown, parseState, serialiseState, showWindow } from './layout-store';
import { loadPlaceholderWindow } from './placeholder-window';
import { addPane, DEFAULT_LAYOUT } from './split-math';

// The engine alone: one registered slot window stands for the features.
beforeAll(() => {
  registerFeatures([
    defineFeature({
      id: 'test',
      windows: [
        { id: 'docking', title: 'workspace:windows.docking', place: 'slot', load: loadPlaceholderWindow },
        { id: 'preview', title: 'workspace:windows.viewer2d', place: 'floating', load: loadPlaceholderWindow },
      ],
    }),
  ]);
});

describe('stored layout state', () => {
  it('round-trips and falls back to the defaults', () => {
    const state = { tree: addPane(DEFAULT_LAYOUT, 'slot'), slot: 'docking' as const, floating: ['preview'] };
    expect(parseState(serialiseState(state))).toEqual(state);
    expect(parseState({ layout: null, window: null })).toEqual({ tree: DEFAULT_LAYOUT, slot: null, floating: [] });
    expect(parseState({ layout: '{broken', window: '[]' })).toEqual({ tree: DEFAULT_LAYOUT, slot: null, floating: [] });
    expect(parseState({ layout: 'null', window: null }).tree).toBeNull();
  });

  it('drops a slot pane that has no registered window to show', () => {
    const layout = JSON.stringify(addPane(DEFAULT_LAYOUT, 'slot'));
    expect(parseState({ layout, window: '{"slot":"nope"}' })).toEqual({
      tree: DEFAULT_LAYOUT,
      slot: null,
      floating: [],
    });
  });

  it('keeps only registered floating windows, once each', () => {
    const window = JSON.stringify({ slot: null, floating: ['preview', 'docking', 'nope', 'preview'] });
    expect(parseState({ layout: null, window }).floating).toEqual(['preview']);
    expect(parseState({ layout: null, window: '{"floating":"preview"}' }).floating).toEqual([]);
  });
});

describe('showing and hiding windows', () => {
  it('opens a registered slot window in the slot and ignores unknown ids', () => {
    const start = { tree: DEFAULT_LAYOUT, slot: null, floating: [] };
    const shown = showWindow(start, 'docking');
    expect(shown).toEqual({ tree: addPane(DEFAULT_LAYOUT, 'slot'), slot: 'docking', floating: [] });
    expect(showWindow(start, 'nope')).toBe(start);
    expect(showWindow(start, 'slot')).toBe(start);
    expect(hideWindow(shown, 'docking')).toEqual({ tree: DEFAULT_LAYOUT, slot: 'docking', floating: [] });
  });

  it('opens a floating window over the layout, beside the slot, and hides it alone', () => {
    const start = showWindow({ tree: DEFAULT_LAYOUT, slot: null, floating: [] }, 'docking');
    const floating = showWindow(start, 'preview');
    expect(floating).toEqual({ ...start, floating: ['preview'] });
    expect(isWindowShown(floating, 'preview')).toBe(true);
    expect(isWindowShown(floating, 'docking')).toBe(true);
    expect(showWindow(floating, 'preview')).toBe(floating);
    expect(hideWindow(floating, 'preview')).toEqual(start);
    expect(isWindowShown(hideWindow(floating, 'preview'), 'preview')).toBe(false);
    expect(hideWindow(start, 'preview')).toBe(start);
  });
});
