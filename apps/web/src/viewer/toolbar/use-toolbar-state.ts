import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { useEffect, useState } from 'react';
import { GRANULARITIES, type GranularityKey } from './constants';
import { SelectionHistoryTracker } from './selection-history-tracker';

export interface ToolbarState {
  busy: boolean;
  canUndo: boolean;
  undoLabel: string | undefined;
  granularity: GranularityKey;
  rightPanelOpen: boolean;
  canGoBack: boolean;
  structures: number;
}

function granularityKey(plugin: PluginUIContext): GranularityKey {
  const current = plugin.managers.interactivity.props.granularity;
  return GRANULARITIES.find((g) => g.molstar === current)?.key ?? 'residue';
}

function read(plugin: PluginUIContext, tracker: SelectionHistoryTracker | null): ToolbarState {
  const data = plugin.state.data;
  return {
    busy: plugin.behaviors.state.isBusy.value,
    canUndo: data.canUndo,
    undoLabel: data.latestUndoLabel,
    granularity: granularityKey(plugin),
    rightPanelOpen: plugin.layout.state.regionState.right !== 'hidden',
    canGoBack: tracker?.canGoBack ?? false,
    structures: plugin.managers.structure.hierarchy.current.structures.length,
  };
}

/**
 * What the toolbar shows about the plugin (busy, undo, granularity, right panel, selection
 * history), refreshed from Mol*'s own events, plus the plugin's selection history tracker.
 */
export function useToolbarState(plugin: PluginUIContext): {
  state: ToolbarState;
  history: SelectionHistoryTracker | null;
} {
  const [history, setHistory] = useState<SelectionHistoryTracker | null>(null);
  const [state, setState] = useState<ToolbarState>(() => read(plugin, null));

  useEffect(() => {
    const tracker = new SelectionHistoryTracker(plugin);
    setHistory(tracker);
    const refresh = () => setState(read(plugin, tracker));
    const subs = [
      plugin.behaviors.state.isBusy.subscribe(refresh),
      plugin.state.data.events.historyUpdated.subscribe(refresh),
      plugin.managers.interactivity.events.propsUpdated.subscribe(refresh),
      plugin.layout.events.updated.subscribe(refresh),
      plugin.managers.structure.hierarchy.behaviors.selection.subscribe(refresh),
    ];
    const stopTracker = tracker.subscribe(refresh);
    refresh();
    return () => {
      for (const sub of subs) sub.unsubscribe();
      stopTracker();
      tracker.dispose();
    };
  }, [plugin]);

  return { state, history };
}
