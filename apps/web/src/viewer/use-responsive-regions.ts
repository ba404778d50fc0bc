import { PluginCommands } from 'molstar/lib/mol-plugin/commands';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { type RefObject, useEffect } from 'react';
import { decideRegions, type RegionMemory } from './responsive-regions';

/**
 * Watches Med View's box and collapses or restores Mol*'s side panels by its width (see
 * `decideRegions` for the rules and thresholds), so the canvas keeps most of a narrow viewer.
 */
export function useResponsiveRegions(plugin: PluginUIContext | null, box: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = box.current;
    if (!plugin || !element || typeof ResizeObserver === 'undefined') return;
    let memory: RegionMemory | null = null;
    const apply = (width: number) => {
      const regions = plugin.layout.state.regionState;
      const decision = decideRegions(width, { left: regions.left, right: regions.right }, memory);
      memory = decision.memory;
      // Through the command, as Mol*'s own panel buttons do: `layout.setProps` changes the
      // state without telling the UI.
      if (decision.change) {
        void PluginCommands.Layout.Update(plugin, { state: { regionState: { ...regions, ...decision.change } } });
      }
    };
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) apply(entry.contentRect.width);
    });
    observer.observe(element);
    apply(element.getBoundingClientRect().width);
    return () => observer.disconnect();
  }, [plugin, box]);
}
