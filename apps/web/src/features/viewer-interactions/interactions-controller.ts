import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { INTERACTION_DEBOUNCE_MS, type InteractionOptions } from './interaction-options';
import { removeInteractions, showInteractions, sourceSignature } from './interactions-molstar';
import { interactionsStore } from './interactions-store';

/**
 * Applies the interaction state to the plugin: one update at a time, in order; option changes
 * and structure changes are debounced (spec §9, 200 ms); an update reads the latest state when
 * it runs, so a burst of changes draws once.
 */
export type UpdateFailure = 'notReady' | 'failed';

let chain: Promise<void> = Promise.resolve();
let timer: ReturnType<typeof setTimeout> | null = null;
let applied = '';

/** Whether Mol* can draw (the canvas exists once the plugin is initialised). */
export const pluginReady = (plugin: PluginContext | null | undefined): plugin is PluginContext =>
  !!plugin && !!plugin.canvas3d;

async function update(plugin: PluginContext, onFailure: (f: UpdateFailure) => void): Promise<void> {
  const { enabled, options } = interactionsStore.get();
  if (!pluginReady(plugin)) {
    onFailure('notReady');
    return;
  }
  interactionsStore.set({ updating: true });
  try {
    if (!enabled) {
      await removeInteractions(plugin);
      applied = '';
      interactionsStore.set({ count: null });
      return;
    }
    const count = await showInteractions(plugin, options);
    applied = `${sourceSignature(plugin)}|${JSON.stringify(options)}`;
    interactionsStore.set({ count });
  } catch (error) {
    console.error('interactions: update failed', error);
    onFailure('failed');
  } finally {
    interactionsStore.set({ updating: false });
  }
}

/** Runs an update now (after any running one). */
export function updateNow(plugin: PluginContext, onFailure: (f: UpdateFailure) => void): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  chain = chain.then(() => update(plugin, onFailure));
  return chain;
}

/** Runs an update 200 ms after the last call. */
export function updateSoon(plugin: PluginContext, onFailure: (f: UpdateFailure) => void): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void updateNow(plugin, onFailure);
  }, INTERACTION_DEBOUNCE_MS);
}

/** Turns the display on or off (at once). */
export function setEnabled(plugin: PluginContext, enabled: boolean, onFailure: (f: UpdateFailure) => void) {
  interactionsStore.set({ enabled });
  return updateNow(plugin, onFailure);
}

/** New options: kept, and drawn 200 ms after the last change while the display is on. */
export function setOptions(plugin: PluginContext, options: InteractionOptions, onFailure: (f: UpdateFailure) => void) {
  interactionsStore.set({ options });
  if (interactionsStore.get().enabled) updateSoon(plugin, onFailure);
}

/** While on: redraws when the shown structures change (a file loaded, hidden or removed). */
export function watchStructures(plugin: PluginContext, onFailure: (f: UpdateFailure) => void): () => void {
  let pending: ReturnType<typeof setTimeout> | null = null;
  // Checked after Mol*'s own listeners (the hierarchy manager) have caught up with the change.
  const check = () => {
    pending = null;
    const { enabled, options, updating } = interactionsStore.get();
    if (!enabled || updating || timer) return;
    if (`${sourceSignature(plugin)}|${JSON.stringify(options)}` !== applied) updateSoon(plugin, onFailure);
  };
  const later = () => {
    pending ??= setTimeout(check, 0);
  };
  const subscriptions = [
    plugin.state.data.events.changed.subscribe(later),
    plugin.state.data.events.cell.stateUpdated.subscribe(later),
  ];
  return () => {
    if (pending) clearTimeout(pending);
    for (const s of subscriptions) s.unsubscribe();
  };
}
