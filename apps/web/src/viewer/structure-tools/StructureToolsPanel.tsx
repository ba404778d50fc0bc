import { DefaultStructureTools } from 'molstar/lib/mol-plugin-ui/controls';

/**
 * The Structure Tools right panel (viewer spec §2): Mol*'s own panel until our
 * section list (in this folder) replaces it. Registered as `components.structureTools`.
 */
export function StructureToolsPanel() {
  return <DefaultStructureTools />;
}
