import type { ProjectFile } from '@medx/contract';
import type { EntryRow } from '../../workspace/entry-rows';

/** Viewer spec §3: the entry types the 2D WorkSpace imports. */
export const EDITOR_2D_TYPES = ['SMI', 'SMILES', 'SDF', 'MOL2', 'PDB'] as const;

/** Whether the 2D WorkSpace can import this entry (by its file_type, any case). */
export function accepts2d(file: Pick<ProjectFile, 'file_type'>): boolean {
  return (EDITOR_2D_TYPES as readonly string[]).includes(file.file_type.toUpperCase());
}

/** The project's files the Import dialog offers: group members included, in Entry List order. */
export function importableFiles(rows: readonly EntryRow[]): ProjectFile[] {
  const files = rows.flatMap((row) => (row.kind === 'file' ? [row.file] : (row.children ?? []).map((c) => c.file)));
  return files.filter(accepts2d);
}

/** A PDB entry holds a protein with its ligands: the user picks one ligand (pdb-ligands.ts). */
export const needsLigandPick = (file: Pick<ProjectFile, 'file_type'>): boolean =>
  file.file_type.toUpperCase() === 'PDB';
