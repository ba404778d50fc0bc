import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';

export interface ViewerToolbarProps {
  plugin: PluginUIContext;
}

/**
 * The 3D toolbar above Med View's canvas (viewer spec §2 "3D toolbar"). Placeholder:
 * the toolbar is being built in this folder.
 */
export function ViewerToolbar(_props: ViewerToolbarProps) {
  return null;
}
