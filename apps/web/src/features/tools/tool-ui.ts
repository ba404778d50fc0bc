import { useSyncExternalStore } from 'react';

/**
 * What is open of the tools' dialogs, shared by the header's Tools dialog, the floating
 * button, the tool window and the Apps page: the Tool guide modal and the no-licence reminder
 * (which outlives the tool window it may hide).
 */
interface ToolUiState {
  guideOpen: boolean;
  noLicenceOpen: boolean;
}

let state: ToolUiState = { guideOpen: false, noLicenceOpen: false };
const listeners = new Set<() => void>();

function set(next: Partial<ToolUiState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const toolUi = {
  openGuide: () => set({ guideOpen: true }),
  closeGuide: () => set({ guideOpen: false }),
  openNoLicence: () => set({ noLicenceOpen: true }),
  closeNoLicence: () => set({ noLicenceOpen: false }),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function useToolUi(): ToolUiState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
