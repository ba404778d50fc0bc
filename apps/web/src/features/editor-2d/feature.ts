import { defineFeature } from '../../workspace/registry/feature';
import { OpenOnToolbarEvent } from './OpenOnToolbarEvent';
import { EDITOR_WINDOW_ID, PREVIEW_WINDOW_ID } from './window-ids';

/**
 * The 2D editor (viewer spec §2): the 2D WorkSpace slot window (Ketcher, in its own lazily
 * loaded chunk), opened from the Window menu and Med View's 2D button; and the floating 2D
 * preview of Med View's focused or selected ligand, toggled from Med View's toolbar.
 */
export const editor2dFeature = defineFeature({
  id: 'editor-2d',
  windows: [
    {
      id: EDITOR_WINDOW_ID,
      title: 'workspace:windows.workspace2d',
      place: 'slot',
      load: () => import('./Editor2dWindow').then((m) => ({ default: m.Editor2dWindow })),
      windowMenu: { order: 40 },
    },
    {
      id: PREVIEW_WINDOW_ID,
      title: 'workspace:windows.viewer2d',
      place: 'floating',
      load: () => import('./Preview2dWindow').then((m) => ({ default: m.Preview2dWindow })),
    },
  ],
  viewerToolbar: [
    {
      id: 'preview2d',
      slot: 'panel',
      order: 40,
      load: () => import('./PreviewToggle').then((m) => ({ default: m.PreviewToggle })),
    },
  ],
  mounts: [{ id: 'open-2d-on-toolbar-event', component: OpenOnToolbarEvent }],
});
