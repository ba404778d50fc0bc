import { DEFAULT_INTERACTION_OPTIONS, type InteractionOptions, sanitizeOptions } from './interaction-options';

/**
 * The interaction display's state, one per page: whether it is on, the options (kept locally,
 * shared by the 3D toggle and the 2D diagram) and how many contacts the last update drew.
 */
export interface InteractionsState {
  enabled: boolean;
  options: InteractionOptions;
  /** Contacts drawn by the last successful update; null while off or not yet drawn. */
  count: number | null;
  updating: boolean;
}

export const OPTIONS_STORAGE_KEY = 'medx-interaction-options';

function readOptions(): InteractionOptions {
  try {
    const raw = localStorage.getItem(OPTIONS_STORAGE_KEY);
    return sanitizeOptions(raw ? JSON.parse(raw) : null);
  } catch {
    return { ...DEFAULT_INTERACTION_OPTIONS };
  }
}

let state: InteractionsState = { enabled: false, options: readOptions(), count: null, updating: false };
const listeners = new Set<() => void>();

export const interactionsStore = {
  get: (): InteractionsState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(patch: Partial<InteractionsState>): void {
    state = { ...state, ...patch };
    if (patch.options) {
      try {
        localStorage.setItem(OPTIONS_STORAGE_KEY, JSON.stringify(state.options));
      } catch {
        // Storage full or blocked: the options still apply to this page.
      }
    }
    for (const l of listeners) l();
  },
};
