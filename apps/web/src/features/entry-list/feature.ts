import { defineFeature } from '../../workspace/registry/feature';
import { EntryListWindow } from './EntryListWindow';

/** The Entry List pane (spec §2): the project's files and groups, shown with the workspace at once. */
export const entryListFeature = defineFeature({
  id: 'entry-list',
  windows: [
    {
      id: 'entryList',
      title: 'workspace:windows.entryList',
      place: 'pane',
      component: EntryListWindow,
      windowMenu: { order: 10 },
    },
  ],
});
