import { useSyncExternalStore } from 'react';

/**
 * The one no-licence popup of the app (spec §2 Other pages, §6), mounted once in the shell:
 * the tools open it for a denied tool or workflow, the API client for an answer 402 (the
 * compute quota is used up). `detail` is the server's reason, shown under the spec's text.
 */
export interface LicencePopupState {
  open: boolean;
  detail: string | null;
}

let state: LicencePopupState = { open: false, detail: null };
const listeners = new Set<() => void>();

function set(next: LicencePopupState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openLicencePopup(detail: string | null = null): void {
  set({ open: true, detail });
}

export function closeLicencePopup(): void {
  if (state.open) set({ open: false, detail: null });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function useLicencePopup(): LicencePopupState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
