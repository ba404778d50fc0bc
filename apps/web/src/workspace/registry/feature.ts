import type { ComponentType } from 'react';
import type { ToolbarItem } from '../../viewer/toolbar/toolbar-extensions';

/**
 * What a feature registers with the workspace, the way Mol*'s plugin specs register behaviours:
 * the workspace reads these declarations and never imports a feature. Each feature folder
 * exports one `defineFeature({...})` from its `feature.ts`; `features/index.ts` lists them.
 */

/** Every window's content gets its own id (one component may serve several windows). */
export interface WindowProps {
  id: string;
}

export type WindowComponent = ComponentType<WindowProps>;

/** What the Window menu's visibility rules may look at. */
export interface WindowMenuContext {
  /** The address's query values (?jobType=, ...). */
  params: URLSearchParams;
  /** Whether a window is on screen now. */
  isShown: (windowId: string) => boolean;
}

interface WindowBase {
  /**
   * The window's id: stored in local storage (`window` → `{slot}`), in the address of no one, and
   * in the test ids `window-<id>`, `minimise-<id>` and `window-menu-<id>`. Never rename one.
   */
  id: string;
  /** Translation key of the title, with its namespace (`workspace:windows.docking`). */
  title: string;
  /**
   * `slot`: the window opens in the right-top-right slot (spec §2), one slot window at a time.
   * `pane`: the window is one of the layout's fixed panes; its id is that pane's id
   * (`entryList`, `structureViewer`, `medView`, `sequenceViewer`).
   * `floating`: a small panel over the tiled layout (spec §2 "viewer2d, a floating 2D preview"),
   * shown beside whatever the panes show; several may be open at once.
   */
  place: 'slot' | 'pane' | 'floating';
  /** Listed in the header's Window menu at `order` (ascending) while `visible` allows it. */
  windowMenu?: { order: number; visible?: (context: WindowMenuContext) => boolean };
}

/** The content: loaded on demand (`load`, the usual case) or part of the workspace's chunk (`component`). */
type WindowContent =
  | { load: () => Promise<{ default: WindowComponent }>; component?: never }
  | { component: WindowComponent; load?: never };

export type WindowRegistration = WindowBase & WindowContent;

/** An entry of the header's Function menu: opens a window. */
export interface FunctionMenuEntry {
  /** Test id `function-<id>`. */
  id: string;
  /** Translation key of the label, with its namespace. */
  label: string;
  order: number;
  /** The id of the window it opens. */
  opens: string;
}

/** A button (or any element) in the workspace's header, after the Window and Function menus. */
export interface HeaderTool {
  id: string;
  order: number;
  component: ComponentType<{ projectId: number }>;
}

/** See WorkspaceFeature.mounts. */
export interface WorkspaceMount {
  id: string;
  component: ComponentType;
}

export interface WorkspaceFeature {
  /** A name for error messages (`docking`, `jobs`, ...). */
  id: string;
  windows?: readonly WindowRegistration[];
  functionMenu?: readonly FunctionMenuEntry[];
  headerTools?: readonly HeaderTool[];
  /**
   * Components mounted once while a project is open, inside the workspace's providers: dialogs
   * that the address opens, listeners for browser events.
   */
  mounts?: readonly WorkspaceMount[];
  /** Items of Med View's toolbar (States, CCP4, ...), in every Med View of the app. */
  viewerToolbar?: readonly ToolbarItem[];
}

/** Identity with the type checked: `export const dockingFeature = defineFeature({ ... })`. */
export const defineFeature = (feature: WorkspaceFeature): WorkspaceFeature => feature;
