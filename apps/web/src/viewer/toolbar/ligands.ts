import { LIGAND_FIT_IONS, STANDARD_RESIDUES } from './constants';

/** One residue as the ligand finder needs it (read from Mol*'s structures elsewhere). */
export interface ResidueRecord<P = unknown> {
  /** Which loaded structure it belongs to (a state ref or an index). */
  structure: string;
  /** Residue name (comp id), any case. */
  name: string;
  chain: string;
  seq: number;
  insCode?: string;
  /** Whatever the caller needs to focus it later (Mol* loci parts). */
  payload: P;
}

export interface Ligand<P = unknown> {
  key: string;
  structure: string;
  name: string;
  chain: string;
  seq: number;
  insCode: string;
  /** Every record of the residue (several when it spans units or symmetry copies). */
  parts: P[];
}

const standard = new Set(STANDARD_RESIDUES);
const ions = new Set(LIGAND_FIT_IONS);

/** Spec §9: ligands are residues other than the 21 standard names and the listed ions. */
export function isLigandName(name: string): boolean {
  const upper = name.trim().toUpperCase();
  return upper.length > 0 && !standard.has(upper) && !ions.has(upper);
}

/**
 * The ligands AUTO cycles through (spec §2, §9): residues whose name is neither a standard
 * residue nor an excluded ion, one entry per residue (structure, chain, number, insertion
 * code), in the order first met.
 */
export function findLigands<P>(residues: Iterable<ResidueRecord<P>>): Ligand<P>[] {
  const byKey = new Map<string, Ligand<P>>();
  for (const r of residues) {
    if (!isLigandName(r.name)) continue;
    const name = r.name.trim().toUpperCase();
    const insCode = r.insCode?.trim() ?? '';
    const key = `${r.structure}|${r.chain}|${r.seq}|${insCode}|${name}`;
    const found = byKey.get(key);
    if (found) found.parts.push(r.payload);
    else byKey.set(key, { key, structure: r.structure, name, chain: r.chain, seq: r.seq, insCode, parts: [r.payload] });
  }
  return [...byKey.values()];
}

/**
 * AUTO's next ligand: after the one focused last (by key), wrapping round; the first when the
 * last one is gone or none was focused. Null when there are no ligands.
 */
export function nextLigandIndex(ligands: readonly { key: string }[], lastKey: string | null): number | null {
  if (ligands.length === 0) return null;
  if (lastKey === null) return 0;
  const at = ligands.findIndex((l) => l.key === lastKey);
  return at < 0 ? 0 : (at + 1) % ligands.length;
}
