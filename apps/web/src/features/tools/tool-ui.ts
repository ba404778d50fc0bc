import { useSyncExternalStore } from 'react';
import { closeLicencePopup, openLicencePopup } from '../../lib/licence-popup';

/**
 * What is open of the tools' dialogs, shared by the header's Tools dialog, the floating
 * button, the tool window and the Apps page: the Tool guide modal. The no-licence reminder is
 * the app's one popup (lib/licence-popup, mounted by the shell, outliving the tool window it
 * may hide); the tools open and close it through here.
 */
interface ToolUiState {
  guideOpen: boolean;
}

let state: ToolUiState = { guideOpen: false };
const listeners = new Set<() => void>();

function set(next: Partial<ToolUiState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const toolUi = {
  openGuide: () => set({ guideOpen: true }),
  closeGuide: () => set({ guideOpen: false }),
  openNoLicence: () => openLicencePopup(),
  closeNoLicence: closeLicencePopup,
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function useToolUi(): ToolUiState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
