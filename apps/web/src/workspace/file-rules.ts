import { MERGE_EXTENSIONS, type MessageKey, SPLIT_EXTENSIONS } from '@medx/contract';
import { extOf, isEditable, type TypedFile, typeOf } from './file-types';

/** A refused action: a catalogue message key (namespace `msg`) and its parameters. */
export interface RuleFailure {
  key: MessageKey;
  params?: Record<string, string>;
}

const splitTypes = SPLIT_EXTENSIONS.map((ext) => ext.toUpperCase());

/** Spec §5: splitting takes PDB, SDF, MOL2 or SMI. */
export function checkSplit(file: TypedFile): RuleFailure | null {
  return splitTypes.includes(typeOf(file)) ? null : { key: 'splitOnlyStructures' };
}

/** Spec §5: splitting protein chains takes PDB only. */
export function checkSplitChains(file: TypedFile): RuleFailure | null {
  return typeOf(file) === 'PDB' ? null : { key: 'splitOnlyPdb' };
}

/** Spec §5: merging needs at least two files, each .sdf, .pdb, .mol2 or .smi. */
export function checkMerge(files: readonly TypedFile[]): RuleFailure | null {
  if (files.length < 2) return { key: 'selectTwoFiles' };
  for (const file of files) {
    const ext = extOf(file);
    if (!(MERGE_EXTENSIONS as readonly string[]).includes(ext)) {
      return { key: 'notSupportExt', params: { fileExtension: ext ? `.${ext}` : file.name } };
    }
  }
  return null;
}

export interface GroupCandidate {
  id: number;
  group_id: number | null;
}

/**
 * Spec §4: grouping needs a multi-selection or a file without a group. Gives the ids to
 * group (the selection when it holds two or more files, else the clicked file), or null.
 */
export function groupIds(target: GroupCandidate, selection: readonly GroupCandidate[]): number[] | null {
  if (selection.length >= 2) return selection.map((file) => file.id);
  if (target.group_id === null || target.group_id === undefined) return [target.id];
  return null;
}

/** Spec §5: only the editable types can be exported as text. */
export function exportable<T extends TypedFile>(files: readonly T[]): T[] {
  return files.filter(isEditable);
}
