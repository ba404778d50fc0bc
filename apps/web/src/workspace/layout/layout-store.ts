import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../api/session';
import { isFloatingWindowId, isSlotWindowId, registryVersion } from '../registry/registry';
import { isPaneId, type PaneId, type WindowId } from '../registry/windows';
import { addPane, DEFAULT_LAYOUT, hasPane, type LayoutTree, parseTree, removePane } from './split-math';

/**
 * The workspace layout, shared by the page and the header's Window menu. Kept in local storage
 * (spec §3): `layout` holds the pane tree with its split percentages, `window` what the windows
 * show (which window fills the right-top-right slot, which floating windows are open).
 */
export interface LayoutState {
  tree: LayoutTree | null;
  /** The registered window in the right-top-right slot (kept while the slot is hidden). */
  slot: WindowId | null;
  /** The open floating windows (registered with place 'floating'), in the order they opened. */
  floating: readonly WindowId[];
}

export const DEFAULT_STATE: LayoutState = { tree: DEFAULT_LAYOUT, slot: null, floating: [] };

interface Raw {
  layout: string | null;
  window: string | null;
}

function readRaw(): Raw {
  try {
    return { layout: localStorage.getItem(STORAGE_KEYS.layout), window: localStorage.getItem(STORAGE_KEYS.window) };
  } catch {
    return { layout: null, window: null };
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Stored texts → state; anything missing or broken falls back to the defaults. */
export function parseState(raw: Raw): LayoutState {
  const layout = parseJson(raw.layout);
  const windowValue = parseJson(raw.window) as { slot?: unknown; floating?: unknown } | undefined;
  const slot = isSlotWindowId(windowValue?.slot) ? windowValue.slot : null;
  const stored = Array.isArray(windowValue?.floating) ? (windowValue.floating as unknown[]) : [];
  const floating = [...new Set(stored.filter(isFloatingWindowId))];
  let tree: LayoutTree | null = DEFAULT_LAYOUT;
  if (layout === null) tree = null;
  else if (layout !== undefined) tree = parseTree(layout, isPaneId) ?? DEFAULT_LAYOUT;
  // A slot pane without a window to show is no use.
  if (slot === null && hasPane(tree, 'slot')) tree = removePane(tree, 'slot');
  return { tree, slot, floating };
}

export function serialiseState(state: LayoutState): Raw {
  return { layout: JSON.stringify(state.tree), window: JSON.stringify({ slot: state.slot, floating: state.floating }) };
}

const listeners = new Set<() => void>();
let cachedRaw: Raw | null = null;
let cachedVersion = -1;
let current: LayoutState = DEFAULT_STATE;

function emit() {
  for (const listener of listeners) listener();
}

/**
 * The state; re-read when local storage changed underneath (another tab, a sign-out, a test) or
 * when other features were registered (a stored slot window must be a registered one).
 */
export function getLayoutState(): LayoutState {
  const raw = readRaw();
  const version = registryVersion();
  if (!cachedRaw || raw.layout !== cachedRaw.layout || raw.window !== cachedRaw.window || version !== cachedVersion) {
    cachedRaw = raw;
    cachedVersion = version;
    current = parseState(raw);
  }
  return current;
}

/** Sets the state; `persist: false` keeps it in memory only (while a split bar is dragged). */
export function setLayoutState(next: LayoutState, { persist = true } = {}) {
  getLayoutState();
  current = next;
  if (persist) {
    const raw = serialiseState(next);
    try {
      localStorage.setItem(STORAGE_KEYS.layout, raw.layout as string);
      localStorage.setItem(STORAGE_KEYS.window, raw.window as string);
      cachedRaw = raw;
    } catch {
      // Storage full or blocked: the layout still works for this page.
    }
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.layout || event.key === STORAGE_KEYS.window) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLayoutState(): LayoutState {
  return useSyncExternalStore(subscribe, getLayoutState, getLayoutState);
}

/** The window open in the slot, or null when the slot pane is hidden. */
export const openSlotWindow = (state: LayoutState): WindowId | null =>
  state.slot && hasPane(state.tree, 'slot') ? state.slot : null;

/** Whether a window is on screen. */
export function isWindowShown(state: LayoutState, id: WindowId): boolean {
  if (isPaneId(id)) return hasPane(state.tree, id);
  if (isFloatingWindowId(id)) return state.floating.includes(id);
  return openSlotWindow(state) === id;
}

/** Pane state transitions, pure. */
export function hideWindow(state: LayoutState, id: WindowId): LayoutState {
  if (isFloatingWindowId(id)) {
    return state.floating.includes(id) ? { ...state, floating: state.floating.filter((f) => f !== id) } : state;
  }
  const pane: PaneId = isPaneId(id) ? id : 'slot';
  if (pane === 'slot' && state.slot !== id) return state;
  return { ...state, tree: removePane(state.tree, pane) };
}

/**
 * Shows a fixed pane, opens a registered slot window in the slot or a floating window over the
 * layout; anything else is ignored.
 */
export function showWindow(state: LayoutState, id: WindowId): LayoutState {
  if (isPaneId(id)) return id === 'slot' ? state : { ...state, tree: addPane(state.tree, id) };
  if (isFloatingWindowId(id))
    return state.floating.includes(id) ? state : { ...state, floating: [...state.floating, id] };
  if (!isSlotWindowId(id)) return state;
  return { ...state, tree: addPane(state.tree, 'slot'), slot: id };
}

export const layoutActions = {
  setTree(tree: LayoutTree | null, options?: { persist?: boolean }) {
    setLayoutState({ ...getLayoutState(), tree }, options);
  },
  hide(id: WindowId) {
    setLayoutState(hideWindow(getLayoutState(), id));
  },
  show(id: WindowId) {
    setLayoutState(showWindow(getLayoutState(), id));
  },
  /** Shows a hidden window, hides a shown one (a toolbar toggle). */
  toggle(id: WindowId) {
    const state = getLayoutState();
    setLayoutState(isWindowShown(state, id) ? hideWindow(state, id) : showWindow(state, id));
  },
  reset() {
    setLayoutState(DEFAULT_STATE);
  },
};
