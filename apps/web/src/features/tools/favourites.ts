import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../api/session';

/**
 * The Tool guide's favourites (spec §3 local storage key toolGuide.favorites: a JSON list of
 * tool ids), shared by every open guide (the modal and the Apps page) and other tabs.
 */
const KEY = STORAGE_KEYS.toolGuideFavorites;
const EMPTY: readonly string[] = [];
const listeners = new Set<() => void>();
let cachedText: string | null | undefined;
let cached: readonly string[] = EMPTY;

/** The stored text as a list of ids; anything else (missing, broken, not a list) is none. */
export function parseFavourites(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? [...new Set(value.filter((id): id is string => typeof id === 'string'))] : [];
  } catch {
    return [];
  }
}

/** The list with `id` added at the end, or removed when it was there. */
export function toggled(list: readonly string[], id: string): string[] {
  return list.includes(id) ? list.filter((other) => other !== id) : [...list, id];
}

function readText(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function getFavourites(): readonly string[] {
  const text = readText();
  if (text !== cachedText) {
    cachedText = text;
    cached = parseFavourites(text);
  }
  return cached;
}

export function toggleFavourite(id: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(toggled(getFavourites(), id)));
  } catch {
    // Storage blocked: the star simply does not stay.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useFavourites(): readonly string[] {
  return useSyncExternalStore(subscribe, getFavourites, getFavourites);
}
