import { IMPORT_EXTENSIONS } from '@medx/contract';
import { validateStructure } from '../../chem/index';
import { badRequest } from '../../http/app-error';
import { CorruptArchiveError, readTar, readZip, UnsafeArchiveError } from '../../lib/archives';
import { sniffContent } from './content-sniff';
import type { NewContent } from './file-records';

/** Structure formats whose content is checked before it is accepted. */
const VALIDATED = new Set(['pdb', 'pdbqt', 'cif', 'sdf', 'mol', 'mol2', 'smi', 'xyz']);
const ARCHIVES = new Set(['zip', 'tar']);
const FORMAT_NAMES: Record<string, string> = { cif: 'mmCIF', smi: 'SMILES' };

export function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Beyond the Import dialog's list (spec §5), the API also takes the types the viewers
 * open (tables, reports, images, meshes), which jobs and scripts produce.
 */
const VIEWABLE = new Set([
  'mol',
  'csv',
  'json',
  'html',
  'htm',
  'ndx',
  'ply',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'bmp',
  'webp',
  'svg',
  'ico',
  'tiff',
  'tif',
]);

export function isImportable(ext: string): boolean {
  return (IMPORT_EXTENSIONS as readonly string[]).includes(ext) || VIEWABLE.has(ext);
}

/** Molecules of a SMILES library checked at import (the rest are checked when screened). */
const LIBRARY_SAMPLE = 100;

/**
 * The text a SMILES file is validated on, and whether one good molecule is enough. A file of
 * one molecule must parse. A file of several is a ligand library (docs/decisions.md
 * "Screening"): libraries from ZINC or Enamine always hold a few SMILES RDKit refuses, and
 * a screen fails those alone with their reason, so the import takes the library when one of
 * its first 100 molecules parses, and does not parse a million lines on upload.
 */
function smilesSample(content: Buffer): { text: Buffer; library: boolean } {
  let lines = 0;
  let at = 0;
  while (at < content.length && lines <= LIBRARY_SAMPLE) {
    const end = content.indexOf(10, at);
    const line = content
      .subarray(at, end < 0 ? content.length : end)
      .toString('utf8')
      .trim();
    if (line && !line.startsWith('#')) lines++;
    if (end < 0) {
      at = content.length;
      break;
    }
    at = end + 1;
  }
  return lines < 2 ? { text: content, library: false } : { text: content.subarray(0, at), library: true };
}

async function validateImported(ext: string, content: Buffer) {
  if (ext !== 'smi') return validateStructure(ext, content);
  const sample = smilesSample(content);
  const whole = await validateStructure(ext, content.length === sample.text.length ? content : sample.text);
  // Binary content past the sample is refused by the content sniffing that follows.
  if (whole.ok || !sample.library || whole.reason === 'binary') return whole;
  for (const line of sample.text.toString('utf8').split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if ((await validateStructure('smi', line)).ok) return { ok: true as const, atoms: 0, molecules: 0 };
  }
  return whole;
}

/** Rejects what can't be a file of its kind: unknown extension, empty, corrupt structure, content of another type. */
export async function checkSingle(name: string, ext: string, content: Buffer): Promise<void> {
  if (!isImportable(ext)) throw badRequest('notSupportExt', { fileExtension: ext ? `.${ext}` : name });
  if (content.length === 0) throw badRequest('fileEmpty', { name });
  if (VALIDATED.has(ext)) {
    const result = await validateImported(ext, content);
    if (!result.ok) {
      throw badRequest('invalidStructure', {
        name,
        format: FORMAT_NAMES[ext] ?? ext.toUpperCase(),
        detail: result.detail,
      });
    }
  }
  // The bytes must be what the extension says (images, maps, tables, no binary in text).
  const sniffed = sniffContent(ext, content);
  if (!sniffed.ok) throw badRequest('contentMismatch', { name, expected: sniffed.expected, detail: sniffed.detail });
}

/**
 * What an imported file becomes: itself, or for an archive every supported file in it
 * (checked like single files; the archive is refused whole if any entry is unsafe or
 * corrupt, so an import never half-succeeds).
 */
export async function prepareImport(name: string, ext: string, content: Buffer): Promise<NewContent[]> {
  if (!ARCHIVES.has(ext)) {
    await checkSingle(name, ext, content);
    return [{ name, ext, content }];
  }
  if (content.length === 0) throw badRequest('fileEmpty', { name });
  let entries: { path: string; content: Buffer }[];
  try {
    entries = ext === 'zip' ? await readZip(content) : await readTar(content);
  } catch (err) {
    // A damaged archive (bad CRC, cut short) is not a hostile one: it says so.
    if (err instanceof CorruptArchiveError) throw badRequest('archiveDamaged', { name, detail: err.message });
    const detail = err instanceof UnsafeArchiveError ? err.message : 'unreadable archive';
    throw badRequest('archiveUnsafe', { name, detail });
  }
  const files: NewContent[] = [];
  for (const entry of entries) {
    const fileName = entry.path.split('/').pop()!;
    const innerExt = extOf(fileName);
    // Hidden files (e.g. macOS __MACOSX/._x) and nested archives are skipped, not errors.
    if (fileName.startsWith('.') || entry.path.startsWith('__MACOSX/') || ARCHIVES.has(innerExt)) continue;
    if (!isImportable(innerExt)) continue;
    await checkSingle(fileName, innerExt, entry.content);
    files.push({ name: fileName, ext: innerExt, content: entry.content });
  }
  if (files.length === 0) throw badRequest('archiveEmpty', { name });
  return files;
}
