import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { createContext, useContext } from 'react';
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
  /** The one menu or popover open (busy closes it, spec §4). */
  openMenu: string | null;
  setOpenMenu: (menu: string | null) => void;
}

export const ToolbarContext = createContext<ToolbarContextValue | null>(null);

export function useToolbar(): ToolbarContextValue {
  const value = useContext(ToolbarContext);
  if (!value) throw new Error('toolbar sections must be inside <ViewerToolbar>');
  return value;
}
