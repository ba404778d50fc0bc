/**
 * Splitting multi-molecule files into one file per molecule (spec §5: split accepts
 * SDF, MOL2 and SMI besides PDB). Records are cut at their format's separators and
 * copied verbatim, so nothing a record carries (SDF data items, MOL2 charges and
 * substructure sections, SMILES names) is lost or re-perceived.
 */
import { mol2Records, sdfRecords, smiLines } from './formats';
import { joinLines, safeName, uniqueNames } from './text';

export interface MoleculePart {
  /** File-name-safe and unique within one split (duplicates get _2, _3 ...). */
  name: string;
  content: string;
}

function named(parts: { title: string; content: string }[]): MoleculePart[] {
  const names = uniqueNames(parts.map((p, i) => safeName(p.title, `mol_${i + 1}`)));
  return parts.map((p, i) => ({ name: names[i] ?? `mol_${i + 1}`, content: p.content }));
}

/** One part per $$$$-terminated record, properties kept; named after the title line or mol_<n>. */
export function splitSdf(text: string): MoleculePart[] {
  return named(
    sdfRecords(text).map((record) => ({
      title: record.lines[0] ?? '',
      content: joinLines([...record.lines, '$$$$']),
    })),
  );
}

/** One part per @<TRIPOS>MOLECULE section; named after the molecule name line or mol_<n>. */
export function splitMol2(text: string): MoleculePart[] {
  return named(
    mol2Records(text).map((record) => {
      // Trailing blank lines belong to no molecule.
      const lines = [...record.lines];
      while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
      return { title: lines[1] ?? '', content: joinLines(lines) };
    }),
  );
}

/** One part per non-empty, non-comment line; named after the text following the SMILES, or mol_<n>. */
export function splitSmi(text: string): MoleculePart[] {
  return named(smiLines(text).map((entry) => ({ title: entry.name, content: `${entry.text}\n` })));
}
