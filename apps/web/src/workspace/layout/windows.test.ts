import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { parseState, serialiseState } from './layout-store';
import { addPane, DEFAULT_LAYOUT } from './split-math';
import { PANE_IDS, SLOT_WINDOW_IDS, type WindowId, windowTitleKey } from './windows';

describe('window titles', () => {
  it('exist in English and Chinese for every window', () => {
    const ids: WindowId[] = [...PANE_IDS.filter((id) => id !== 'slot'), ...SLOT_WINDOW_IDS] as WindowId[];
    for (const lng of ['en', 'zh-CN']) {
      for (const id of ids) {
        expect(i18n.exists(windowTitleKey(id), { ns: 'workspace', lng, fallbackLng: false }), `${lng} ${id}`).toBe(
          true,
        );
      }
    }
  });
});

describe('stored layout state', () => {
  it('round-trips and falls back to the defaults', () => {
    const state = { tree: addPane(DEFAULT_LAYOUT, 'slot'), slot: 'docking' as const };
    expect(parseState(serialiseState(state))).toEqual(state);
    expect(parseState({ layout: null, window: null })).toEqual({ tree: DEFAULT_LAYOUT, slot: null });
    expect(parseState({ layout: '{broken', window: '[]' })).toEqual({ tree: DEFAULT_LAYOUT, slot: null });
    expect(parseState({ layout: 'null', window: null }).tree).toBeNull();
  });

  it('drops a slot pane that has no window to show', () => {
    const layout = JSON.stringify(addPane(DEFAULT_LAYOUT, 'slot'));
    expect(parseState({ layout, window: '{"slot":"nope"}' })).toEqual({ tree: DEFAULT_LAYOUT, slot: null });
  });
});
