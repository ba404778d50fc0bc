import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { createContext, type Dispatch, type SetStateAction, useContext } from 'react';
import type { SelectionHistoryTracker } from './selection-history-tracker';
import type { ActionMessage } from './toolbar-actions';
import type { ToolbarState } from './use-toolbar-state';

/** What every toolbar section needs: the plugin, its state, a runner that toasts, the open menu. */
export interface ToolbarContextValue {
  plugin: PluginUIContext;
  state: ToolbarState;
  history: SelectionHistoryTracker | null;
  /** Runs an action (unless busy) and shows the message it answers. */
  run: (action: () => Promise<ActionMessage | null> | ActionMessage | null) => Promise<void>;
  /** The one menu, popover or dropdown open (busy closes it, spec §4). */
  openMenu: string | null;
  /** Close with `(current) => (current === id ? null : current)`: another menu may have opened meanwhile. */
  setOpenMenu: Dispatch<SetStateAction<string | null>>;
  /**
   * Tooltips stay closed: a menu, panel or dropdown is open, or the More panel is (for the
   * sections inline; those inside the More panel keep theirs while no menu is open).
   */
  tooltipsOff: boolean;
}

export const ToolbarContext = createContext<ToolbarContextValue | null>(null);

export function useToolbar(): ToolbarContextValue {
  const value = useContext(ToolbarContext);
  if (!value) throw new Error('toolbar sections must be inside <ViewerToolbar>');
  return value;
}
