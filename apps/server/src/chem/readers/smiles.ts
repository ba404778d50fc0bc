/**
 * The SMILES reader: one molecule per non-empty, non-comment line, its name being the
 * text after the SMILES. Each SMILES is parsed by RDKit (that is the only check a SMILES
 * has), which also counts its heavy atoms; a SMILES has no coordinates, so no atoms.
 */
import { checkSmiles } from '../rdkit';
import { splitLines } from '../text';
import type { ReadError, ReadResult, StructureRecord } from './result';
import { readError } from './result';

export interface SmilesRecord extends StructureRecord {
  smiles: string;
}

/** Non-empty, non-comment lines with their SMILES, name and 1-based line number (no parsing). */
export function smilesLines(text: string): { smiles: string; name: string; line: number; text: string }[] {
  const out: { smiles: string; name: string; line: number; text: string }[] = [];
  splitLines(text).forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const match = /^(\S+)(?:\s+(.*))?$/.exec(trimmed);
    out.push({ smiles: match?.[1] ?? trimmed, name: (match?.[2] ?? '').trim(), line: i + 1, text: trimmed });
  });
  return out;
}

export async function readSmiles(text: string): Promise<ReadResult<SmilesRecord>> {
  const errors: ReadError[] = [];
  const records: SmilesRecord[] = [];
  for (const entry of smilesLines(text)) {
    const parsed = await checkSmiles(entry.smiles);
    if (!parsed.ok) {
      errors.push(
        readError(
          'malformed',
          `line ${entry.line}: RDKit cannot parse '${entry.smiles.slice(0, 60)}': ${parsed.error}`,
          entry.line,
        ),
      );
    }
    records.push({
      index: records.length + 1,
      title: entry.name,
      line: entry.line,
      text: `${entry.text}\n`,
      atoms: [],
      heavyAtoms: parsed.ok ? parsed.atoms : 0,
      smiles: entry.smiles,
    });
  }
  if (records.length === 0) errors.push(readError('empty', 'no SMILES in the file (only comments)'));
  else if (errors.length === 0 && records.every((r) => r.heavyAtoms === 0)) {
    errors.push(readError('noAtoms', 'the SMILES contain no atoms'));
  }
  return { records, errors };
}
