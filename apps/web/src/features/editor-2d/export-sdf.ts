import { LIMITS } from '@medx/contract';

export const SDF_EXTENSION = '.sdf';

/** The entry's file name: the name typed, with `.sdf` added unless it is there already. */
export function sdfFileName(name: string): string {
  const trimmed = name.trim();
  return trimmed.toLowerCase().endsWith(SDF_EXTENSION) ? trimmed : `${trimmed}${SDF_EXTENSION}`;
}

/** The longest name the dialog takes: the file name (with .sdf) must fit the entry-name limit. */
export const EXPORT_NAME_MAX = LIMITS.fileNameMax - SDF_EXTENSION.length;

/** Spec §5/§8 'Please input sdf name.': what is wrong with the typed name, or null. */
export function exportNameProblem(name: string): 'required' | 'tooLong' | null {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.toLowerCase() === SDF_EXTENSION) return 'required';
  return sdfFileName(trimmed).length > LIMITS.fileNameMax ? 'tooLong' : null;
}

/** The atom count of a molfile (V2000 counts line or V3000 COUNTS); 0 when there is none to read. */
export function molfileAtomCount(molfile: string): number {
  const v3000 = /^M {2}V30 COUNTS\s+(\d+)/m.exec(molfile);
  if (v3000) return Number(v3000[1]);
  const counts = molfile.split(/\r?\n/)[3] ?? '';
  const atoms = Number.parseInt(counts.slice(0, 3), 10);
  return Number.isNaN(atoms) ? 0 : atoms;
}

/**
 * An SDF of one record from the editor's molfile: the entry name as the record's title (the
 * molfile's first line, which other programs show as the molecule's name) and the `$$$$`
 * terminator. The editor's 2D coordinates are kept as they are.
 */
export function sdfRecord(molfile: string, title: string): string {
  const lines = molfile.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  // A title line is at most 80 characters and must not start a new record.
  lines[0] = title.replace(/\$\$\$\$/g, '').slice(0, 80);
  const end = lines.findIndex((line) => line.startsWith('M  END'));
  const block = end >= 0 ? lines.slice(0, end + 1) : lines;
  return `${block.join('\n')}\n$$$$\n`;
}
