import { loadPlaceholderWindow } from '../../workspace/layout/placeholder-window';
import { defineFeature } from '../../workspace/registry/feature';
import { OpenOnToolbarEvent } from './OpenOnToolbarEvent';

/** The 2D editor (Ketcher, a later issue): the 2D WorkSpace slot window, opened from Med View's 2D button. */
export const editor2dFeature = defineFeature({
  id: 'editor-2d',
  windows: [
    {
      id: 'workspace2d',
      title: 'workspace:windows.workspace2d',
      place: 'slot',
      load: loadPlaceholderWindow,
      windowMenu: { order: 40 },
    },
  ],
  mounts: [{ id: 'open-2d-on-toolbar-event', component: OpenOnToolbarEvent }],
});
