/**
 * The toolbar's constants (viewer spec §5 and §9). Kept free of Mol* imports so the pure
 * modules and their tests load without the viewer.
 */

/** Spec §9: ions excluded from the ligand fit. */
export const LIGAND_FIT_IONS: readonly string[] = ['CL', 'NA', 'K', 'MG', 'CA', 'ZN', 'FE', 'MN', 'CO', 'NI', 'CU'];

/** Spec §9: the 20 standard amino acids plus HOH (21 names), never counted as ligands. */
export const STANDARD_RESIDUES: readonly string[] = [
  'ALA',
  'ARG',
  'ASN',
  'ASP',
  'CYS',
  'GLN',
  'GLU',
  'GLY',
  'HIS',
  'ILE',
  'LEU',
  'LYS',
  'MET',
  'PHE',
  'PRO',
  'SER',
  'THR',
  'TRP',
  'TYR',
  'VAL',
  'HOH',
];

/** Spec §9: toolbar sections collapse into a More menu, 100 px per section, 180 px reserved. */
export const SECTION_WIDTH_PX = 100;
export const RESERVED_WIDTH_PX = 180;

/** Spec §5/§9: expand selection by 1 to 20 Å, 5 Å by default. */
export const EXPAND_MIN_A = 1;
export const EXPAND_MAX_A = 20;
export const EXPAND_DEFAULT_A = 5;

/** Spec §9: RMSD shown to 2 decimals. */
export const RMSD_DECIMALS = 2;

/** How many selections Previous can go back through (the spec sets no bound; this keeps memory flat). */
export const SELECTION_HISTORY_CAPACITY = 50;

/** Spec §4: selection history entries are recorded once a burst of changes settles. */
export const SELECTION_HISTORY_SETTLE_MS = 50;

/** Spec §9 "Colour presets: a 15-entry palette". */
export const COLOR_PALETTE: readonly string[] = [
  '#e53935',
  '#fb8c00',
  '#fdd835',
  '#7cb342',
  '#2e7d32',
  '#00acc1',
  '#1e88e5',
  '#3949ab',
  '#8e24aa',
  '#d81b60',
  '#6d4c41',
  '#757575',
  '#ffffff',
  '#000000',
  '#90caf9',
];

/** Spec §2: granularity choices, in the spec's order, with Mol*'s name for each ('atom' is Mol*'s 'element'). */
export const GRANULARITIES = [
  { key: 'atom', molstar: 'element' },
  { key: 'residue', molstar: 'residue' },
  { key: 'chain', molstar: 'chain' },
  { key: 'entity', molstar: 'entity' },
  { key: 'model', molstar: 'model' },
  { key: 'operator', molstar: 'operator' },
] as const;
export type GranularityKey = (typeof GRANULARITIES)[number]['key'];

/** Spec §9 representations offered by Add component (those Mol*'s registry knows are shown). */
export const COMPONENT_REPRESENTATIONS: readonly string[] = [
  'ball-and-stick',
  'cartoon',
  'molecular-surface',
  'spacefill',
  'point',
  'line',
  'backbone',
  'gaussian-surface',
  'gaussian-volume',
  'membrane',
  'label',
];

/** Spec §4 selection modes of the Define menu. */
export const SELECTION_MODES = ['set', 'add', 'remove', 'intersect'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];
