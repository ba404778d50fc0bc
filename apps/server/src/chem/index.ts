/**
 * The chemistry layer: validation, splitting, conversion and merging of structure
 * files. Pure functions over strings and buffers (external programs run with
 * private temporary state); no storage, no HTTP.
 */

export {
  hasDepth,
  MAX_BUILD_HEAVY_ATOMS,
  smilesImage,
  type To3dOptions,
  to3d,
  toMol2,
  toSmiles,
  xyzToPdb,
} from './conversions';
export { ChemistryError, type ChemistryErrorCode } from './errors';
export { type EtkdgOptions, embedSmiles } from './etkdg';
export {
  type InvalidReason,
  isStructureExt,
  normalizeStructureExt,
  requireStructureExt,
  STRUCTURE_EXTS,
  type StructureExt,
  type ValidationResult,
} from './formats';
export { type MergeInput, mergeToPdb } from './merge-pdb';
export { type Molecule, type MoleculeFormat, moleculeFormat, splitMolecules } from './molecules';
export type { MoleculePart } from './multi-split';
// Structure reading and splitting run in worker threads (offload.ts).
export { closeStructureWorkers, splitChains, splitMultiMolecule, splitPdb, validateStructure } from './offload';
export {
  type ConvertOptions,
  convert,
  ObabelError,
  type ObabelErrorKind,
  type ObabelOptions,
  type ObabelResult,
  obabelFormat,
  runObabel,
} from './openbabel';
export type { ChainPart, LigandPart, PdbSplit } from './pdb-split';
export { pdbqtToPdb } from './pdbqt';
export {
  canonicalSmiles,
  checkSmiles,
  closeRDKit,
  connectivitySmiles,
  depictSvg,
  getRDKit,
  type RDKitModule,
  sameMolecule,
} from './rdkit';
export { firstModel } from './readers/pdb';
export {
  AMINO_ACIDS,
  BINDING_SITE_METALS,
  classifyResidues,
  isPolymer,
  type ResidueClass,
  STANDARD_RESIDUES,
  WATER_RESIDUES,
} from './residues';
export { withTempDir } from './temp-dir';
