/** The Structure Tools sections in the spec's order (viewer spec §2). */
export const STRUCTURE_TOOLS_SECTIONS = [
  'structure',
  'measurements',
  'superposition',
  'quickStyles',
  'components',
  'volumeStreaming',
  'volume',
  'custom',
] as const;
export type StructureToolsSection = (typeof STRUCTURE_TOOLS_SECTIONS)[number];

export interface StructureToolsInputs {
  /** Structures loaded in the viewer. */
  structures: number;
  /** Volumes (loaded or lazy). */
  volumes: number;
  /** Volume streaming enabled by the plugin's config. */
  volumeStreaming: boolean;
}

/**
 * Which sections the panel lists: Superposition only with 2 or more structures, Volume
 * Streaming only when the config enables it (Mol*'s own section then decides whether a
 * structure is applicable), Volume only when there are volumes.
 */
export function visibleSections(inputs: StructureToolsInputs): StructureToolsSection[] {
  return STRUCTURE_TOOLS_SECTIONS.filter((section) => {
    if (section === 'superposition') return inputs.structures >= 2;
    if (section === 'volumeStreaming') return inputs.volumeStreaming;
    if (section === 'volume') return inputs.volumes > 0;
    return true;
  });
}
