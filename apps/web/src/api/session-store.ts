import type { AuthResult, User } from '@medx/contract';
import { useSyncExternalStore } from 'react';

/** Local-storage keys named by the spec (§3). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  userId: 'user_id',
  projectId: 'projectId',
  window: 'window',
  layout: 'layout',
  lang: 'lang',
  toolGuideFavorites: 'toolGuide.favorites',
} as const;

/**
 * Our own key for the sidebar's collapsed flag. The spec keeps "the sidebar flag" with the
 * window state; a separate key keeps it independent of the workspace layout store.
 */
export const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function removeKeys(keys: readonly string[]): void {
  for (const key of keys) localStorage.removeItem(key);
  notify();
}

/** After a login, sign-up or guest login: token, user JSON and user id (spec §4). */
export function saveSession({ user, token }: AuthResult): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  notify();
}

/** Keeps the stored user in step with a fresher copy from the server. */
export function saveStoredUser(user: User): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
}

/** Sign-out (spec §4): token, user, projectId, window and layout. The user id stays for Register. */
export function signOutClear(): void {
  removeKeys([STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.projectId, STORAGE_KEYS.window, STORAGE_KEYS.layout]);
}

/** Session expiry (HTTP 401, spec §4): user, user id, token and project id. */
export function expiryClear(): void {
  removeKeys([STORAGE_KEYS.user, STORAGE_KEYS.userId, STORAGE_KEYS.token, STORAGE_KEYS.projectId]);
}

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.token) || null;
}

export function getStoredUser(): User | null {
  const raw = readStorage(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as User) : null;
  } catch {
    return null;
  }
}

export function getStoredUserId(): string | null {
  return readStorage(STORAGE_KEYS.userId) || null;
}

export function getProjectId(): string | null {
  return readStorage(STORAGE_KEYS.projectId) || null;
}

export function setProjectId(id: number | string): void {
  localStorage.setItem(STORAGE_KEYS.projectId, String(id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes the token too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token, re-rendering when a session is saved or cleared. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
