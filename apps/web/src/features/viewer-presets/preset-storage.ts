import { type CustomPreset, PRESETS_STORAGE_KEY, parsePresets, serializePresets } from './preset-model';

/** The custom presets in this browser; none when storage is unavailable or holds something else. */
export function loadPresets(): CustomPreset[] {
  try {
    return parsePresets(window.localStorage.getItem(PRESETS_STORAGE_KEY));
  } catch {
    return [];
  }
}

/** Stores the list; throws when the browser refuses (quota, private mode): the caller reports it. */
export function storePresets(presets: readonly CustomPreset[]): void {
  window.localStorage.setItem(PRESETS_STORAGE_KEY, serializePresets(presets));
}
