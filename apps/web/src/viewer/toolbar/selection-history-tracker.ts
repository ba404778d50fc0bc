import { StructureElement } from 'molstar/lib/mol-model/structure';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { StateObjectRef } from 'molstar/lib/mol-state';
import { SELECTION_HISTORY_SETTLE_MS } from './constants';
import { SelectionHistory } from './selection-history';
import type { ActionMessage } from './toolbar-actions';

interface SelectionEntry {
  /** Structure ref and the selection as a bundle (survives the structure being rebuilt). */
  parts: { ref: string; bundle: StructureElement.Bundle }[];
  /** For equality: the same selection gives the same text. */
  signature: string;
}

function signatureOf(parts: SelectionEntry['parts']): string {
  return JSON.stringify(parts.map((p) => [p.ref, p.bundle.hash, p.bundle.elements]));
}

/**
 * Keeps the Previous-selection history (spec §4) of one plugin: every settled change of Mol*'s
 * selection is an entry; `previous()` restores the one before the current entry.
 */
export class SelectionHistoryTracker {
  private readonly history = new SelectionHistory<SelectionEntry>((a, b) => a.signature === b.signature);
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly subscription: { unsubscribe(): void };

  constructor(private readonly plugin: PluginContext) {
    this.subscription = plugin.managers.structure.selection.events.changed.subscribe(() => this.schedule());
  }

  get canGoBack(): boolean {
    return this.history.canGoBack;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.subscription.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }

  /** One user action can fire several change events (one per structure): record once they settle. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.recordNow();
    }, SELECTION_HISTORY_SETTLE_MS);
  }

  private capture(): SelectionEntry {
    const parts: SelectionEntry['parts'] = [];
    this.plugin.managers.structure.selection.entries.forEach(({ selection }, ref) => {
      if (StructureElement.Loci.isEmpty(selection)) return;
      parts.push({ ref, bundle: StructureElement.Bundle.fromLoci(selection) });
    });
    return { parts, signature: signatureOf(parts) };
  }

  private recordNow(): void {
    const entry = this.capture();
    // Nothing selected before anything was ever selected is not a selection worth returning to.
    if (entry.parts.length === 0 && this.history.length === 0) return;
    if (this.history.record(entry)) this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  /** Restores the entry before the current one; answers the message to show, if any. */
  previous(): ActionMessage | null {
    // A change still settling belongs to the history before we step back.
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.recordNow();
    }
    const found = this.history.peekPrevious();
    if (!found.ok) return { type: 'warning', key: found.error };
    const state = this.plugin.state.data;
    const resolved = found.entry.parts.map((p) => ({
      bundle: p.bundle,
      structure: StateObjectRef.resolveAndCheck(state, p.ref)?.obj?.data as
        | StructureElement.Loci['structure']
        | undefined,
    }));
    if (resolved.some((r) => !r.structure)) {
      this.history.invalidate(found.index);
      this.emit();
      return { type: 'warning', key: 'notFound' };
    }
    try {
      // Moving first: the change events of the restore then equal the current entry and record nothing.
      this.history.moveTo(found.index);
      const selection = this.plugin.managers.structure.selection;
      this.plugin.managers.interactivity.lociSelects.deselectAll();
      for (const { bundle, structure } of resolved) {
        if (structure) selection.fromLoci('add', StructureElement.Bundle.toLoci(bundle, structure), false);
      }
      this.emit();
      return null;
    } catch (error) {
      console.error('restoreFailed', error);
      return { type: 'error', key: 'restoreFailed' };
    }
  }
}
