import { lazy } from 'react';
import type { ToolbarItem } from '../../viewer/toolbar/toolbar-extensions';
import type {
  FunctionMenuEntry,
  HeaderTool,
  WindowComponent,
  WindowMenuContext,
  WindowRegistration,
  WorkspaceFeature,
  WorkspaceMount,
} from './feature';
import { isPaneId } from './windows';

/**
 * The registry the workspace reads: filled once by the page that composes the workspace
 * (`registerFeatures(WORKSPACE_FEATURES)`), read by the layout, the header menus and the store.
 * A module-level registry like the layout store it serves: there is one workspace per page.
 */
interface Registry {
  features: readonly WorkspaceFeature[];
  windows: ReadonlyMap<string, WindowRegistration>;
}

let registry: Registry = { features: [], windows: new Map() };
let version = 0;

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`Workspace feature registry: ${message}`);
}

/**
 * Replaces the registered features. Throws on a duplicate id (window, Function-menu entry, header
 * tool, mount), a window whose `place` does not fit its id, or an entry opening no registered window.
 */
export function registerFeatures(features: readonly WorkspaceFeature[]): void {
  if (features === registry.features) return;
  const windows = new Map<string, WindowRegistration>();
  const entries = new Set<string>();
  const tools = new Set<string>();
  const mounts = new Set<string>();
  const toolbarItems = new Set<string>();
  for (const feature of features) {
    for (const win of feature.windows ?? []) {
      check(!windows.has(win.id), `window "${win.id}" of "${feature.id}" is registered twice`);
      check(win.id !== 'slot', `"slot" is the layout's own pane, not a window (feature "${feature.id}")`);
      check(
        (win.place === 'pane') === isPaneId(win.id),
        `window "${win.id}" of "${feature.id}": only the fixed panes' ids have place 'pane'`,
      );
      windows.set(win.id, win);
    }
    for (const entry of feature.functionMenu ?? []) {
      check(!entries.has(entry.id), `Function menu entry "${entry.id}" is registered twice`);
      entries.add(entry.id);
    }
    for (const tool of feature.headerTools ?? []) {
      check(!tools.has(tool.id), `header tool "${tool.id}" is registered twice`);
      tools.add(tool.id);
    }
    for (const mount of feature.mounts ?? []) {
      check(!mounts.has(mount.id), `mount "${mount.id}" is registered twice`);
      mounts.add(mount.id);
    }
    for (const item of feature.viewerToolbar ?? []) {
      check(!toolbarItems.has(item.id), `viewer toolbar item "${item.id}" is registered twice`);
      toolbarItems.add(item.id);
    }
  }
  for (const feature of features) {
    for (const entry of feature.functionMenu ?? []) {
      check(windows.has(entry.opens), `Function menu entry "${entry.id}" opens unknown window "${entry.opens}"`);
    }
  }
  registry = { features, windows };
  version += 1;
}

/** Every feature's Med View toolbar items (for ToolbarItemsContext). */
export const viewerToolbarItems = (features: readonly WorkspaceFeature[]): ToolbarItem[] =>
  features.flatMap((feature) => feature.viewerToolbar ?? []);

/** Changes whenever the registered features change (the layout store re-reads its state then). */
export const registryVersion = () => version;

export const findWindow = (id: string): WindowRegistration | undefined => registry.windows.get(id);

/** A registered window that opens in the slot. */
export const isSlotWindowId = (value: unknown): value is string =>
  typeof value === 'string' && registry.windows.get(value)?.place === 'slot';

/** A registered window that floats over the layout. */
export const isFloatingWindowId = (value: unknown): value is string =>
  typeof value === 'string' && registry.windows.get(value)?.place === 'floating';

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/** The Window menu's windows, in order, as their visibility rules decide for this context. */
export function windowMenuWindows(context: WindowMenuContext): WindowRegistration[] {
  return [...registry.windows.values()]
    .filter((win) => win.windowMenu && (win.windowMenu.visible?.(context) ?? true))
    .sort((a, b) => byOrder(a.windowMenu ?? { order: 0 }, b.windowMenu ?? { order: 0 }));
}

export const functionMenuEntries = (): FunctionMenuEntry[] =>
  registry.features.flatMap((feature) => feature.functionMenu ?? []).sort(byOrder);

export const headerTools = (): HeaderTool[] =>
  registry.features.flatMap((feature) => feature.headerTools ?? []).sort(byOrder);

export const workspaceMounts = (): WorkspaceMount[] => registry.features.flatMap((feature) => feature.mounts ?? []);

const components = new WeakMap<WindowRegistration, WindowComponent>();

/** The window's component; a `load`ed one becomes one React.lazy component, made once. */
export function windowComponent(win: WindowRegistration): WindowComponent {
  if (win.component) return win.component;
  let component = components.get(win);
  if (!component) {
    component = lazy(win.load);
    components.set(win, component);
  }
  return component;
}
