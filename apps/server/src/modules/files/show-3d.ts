import type { ProjectFile } from '@medx/contract';

/** Mol* parser names by extension, and whether the format is binary. */
const FORMATS: Record<string, { format: string; binary: boolean }> = {
  pdb: { format: 'pdb', binary: false },
  pdbqt: { format: 'pdbqt', binary: false },
  cif: { format: 'mmcif', binary: false },
  bcif: { format: 'bcif', binary: true },
  sdf: { format: 'sdf', binary: false },
  mol: { format: 'mol', binary: false },
  mol2: { format: 'mol2', binary: false },
  xyz: { format: 'xyz', binary: false },
  extendedxyz: { format: 'xyz', binary: false },
  gro: { format: 'gro', binary: false },
  smi: { format: 'smiles', binary: false },
  ccp4: { format: 'ccp4', binary: true },
  cub: { format: 'cube', binary: false },
  ply: { format: 'ply', binary: false },
  dcd: { format: 'dcd', binary: true },
  xtc: { format: 'xtc', binary: true },
  trr: { format: 'trr', binary: true },
};

/** What the viewer needs to load a file: where it is and which parser reads it. */
export function show3d(file: ProjectFile) {
  const known = FORMATS[file.ext.toLowerCase()] ?? { format: file.ext.toLowerCase(), binary: false };
  return { id: file.id, name: file.name, ext: file.ext, format: known.format, url: file.url, is_binary: known.binary };
}
