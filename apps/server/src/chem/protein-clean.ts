/**
 * The text work of quick_prepare_protein, pure and testable without tools:
 * - cleanProtein: keep the first model; drop waters (unless kept), hetero groups
 *   not named in keep_hetero (binding-site metals stay unless keep_metals is false),
 *   alt-locs other than the first of each residue (normally A), and existing
 *   hydrogens (they are re-added at the chosen pH, so input from any program ends with
 *   one consistent set); count every change. What is protein is the residue
 *   classification of chem/residues.ts, the one split_pdb and cleanReceptor use.
 * - mergeHydrogens: puts the hydrogens Open Babel added at the pH into the cleaned
 *   structure, each after the heavy atoms of its residue (see there why Open Babel's
 *   own output is not kept as it is).
 */

import { chosenAltLocs } from './alt-locs';
import { isHydrogen, type PdbAtom, parseAtomLine, parseConect, recordName } from './pdb-records';
import { type Residue, readPdb } from './readers/pdb';
import { classifyResidues, isPolymer, MODIFIED_RESIDUES, type ResidueClass, WATER_RESIDUES } from './residues';

export interface CleanOptions {
  keepWaters: boolean;
  keepMetals?: boolean;
  /** Upper-case residue names of hetero groups to keep. */
  keepHetero: readonly string[];
}

export interface CleanReport {
  inputAtoms: number;
  watersRemoved: number;
  /** Removed hetero groups: residue name → instances. */
  heteroRemoved: Record<string, number>;
  heteroKept: Record<string, number>;
  altLocsDropped: number;
  hydrogensRemoved: number;
  /** Residue instances that are amino acids (standard or modified). */
  aminoAcids: number;
  chains: string[];
  heavyAtoms: number;
}

const PDB_LINE_WIDTH = 80;
const residueId = (a: PdbAtom) => `${a.chain}|${a.resSeqText}|${a.iCode}|${a.resName}`;

function countInstances(keys: Map<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of keys.values()) out[name] = (out[name] ?? 0) + 1;
  return out;
}

/** An amino acid: by class, or a modified residue known by name or with an alpha carbon (caps like NH2 or ACE are not). */
function isAminoAcid(kind: ResidueClass, residue: Residue): boolean {
  if (kind === 'aminoAcid') return true;
  if (kind !== 'modifiedResidue') return false;
  return (
    MODIFIED_RESIDUES.has(residue.resName) || residue.atoms.some((a) => a.name.trim() === 'CA' && a.element === 'C')
  );
}

/** Cleans a protein PDB (see the module comment); the text keeps the input's columns. */
export function cleanProtein(text: string, options: CleanOptions): { pdb: string; report: CleanReport } {
  const keep = new Set(options.keepHetero.map((n) => n.toUpperCase()));
  const file = readPdb(text);
  const model = file.records[0];
  const residues = model?.residues ?? [];
  const classes = classifyResidues(residues, file.modres);
  const altOf = chosenAltLocs(residues);

  const waters = new Map<string, string>();
  const removed = new Map<string, string>();
  const kept = new Map<string, string>();
  const aminoAcids = new Set<string>();
  const chains: string[] = [];
  let inputAtoms = 0;
  let altLocsDropped = 0;
  let hydrogensRemoved = 0;
  const out: string[] = [];
  let lastChain: string | null = null;
  let lastWasPolymer = false;

  for (const residue of residues) {
    const kind = classes.get(residue)!;
    const polymer = isPolymer(kind);
    for (const a of residue.atoms) {
      // An atom line without coordinates cannot be prepared (validation refuses such files).
      if (!(Number.isFinite(a.x) && Number.isFinite(a.y) && Number.isFinite(a.z))) continue;
      inputAtoms++;
      const id = residueId(a);
      if (kind === 'water' && !options.keepWaters) {
        waters.set(id, a.resName);
        continue;
      }
      if (kind !== 'water' && !polymer) {
        const metal = kind === 'metal' && options.keepMetals !== false;
        if (!keep.has(a.resName.toUpperCase()) && !metal) {
          removed.set(id, a.resName);
          continue;
        }
        kept.set(id, a.resName);
      }
      if (a.altLoc && a.altLoc !== altOf.get(residue)) {
        altLocsDropped++;
        continue;
      }
      if (isHydrogen(a.element)) {
        hydrogensRemoved++;
        continue;
      }
      if (isAminoAcid(kind, residue)) aminoAcids.add(id);
      if (polymer && !chains.includes(a.chain)) chains.push(a.chain);
      // TER records close each polymer chain (the input's own TER lines are not copied).
      if (lastWasPolymer && (!polymer || a.chain !== lastChain)) out.push('TER');
      // Alt-loc column blanked: one conformation is left.
      out.push(`${a.text.slice(0, 16)} ${a.text.slice(17)}`.slice(0, PDB_LINE_WIDTH));
      lastChain = a.chain;
      lastWasPolymer = polymer;
    }
  }
  if (lastWasPolymer) out.push('TER');
  out.push('END');
  const heavyAtoms = out.filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM')).length;
  return {
    pdb: `${out.join('\n')}\n`,
    report: {
      inputAtoms,
      watersRemoved: waters.size,
      heteroRemoved: countInstances(removed),
      heteroKept: countInstances(kept),
      altLocsDropped,
      hydrogensRemoved,
      aminoAcids: aminoAcids.size,
      chains,
      heavyAtoms,
    },
  };
}

export interface ProteinSummary {
  atoms: number;
  hydrogens: number;
  heavyAtoms: number;
  residues: number;
  chains: string[];
}

/** Atom, hydrogen, residue and chain counts of a PDB text. */
export function summarizePdb(text: string): ProteinSummary {
  let atoms = 0;
  let hydrogens = 0;
  const residues = new Set<string>();
  const chains: string[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (!line.startsWith('ATOM') && !line.startsWith('HETATM')) continue;
    const a = parseAtomLine(line, i + 1);
    if (!a) continue;
    atoms++;
    if (isHydrogen(a.element)) hydrogens++;
    if (!WATER_RESIDUES.has(a.resName)) residues.add(residueId(a));
    if (!a.hetero && !chains.includes(a.chain)) chains.push(a.chain);
  }
  return { atoms, hydrogens, heavyAtoms: atoms - hydrogens, residues: residues.size, chains };
}

const serialField = (n: number) => String(n).padStart(5).slice(-5);
const coordinate = (v: number) => v.toFixed(3).padStart(8);

/**
 * The structure `input` (heavy atoms only) with the hydrogens Open Babel added in
 * `protonated`. Open Babel keeps the heavy atoms in input order, but not their
 * residue labels (it re-perceives chains at gaps and renames hetero groups UNL), so
 * only its hydrogen coordinates, their bonds (CONECT) and the formal charges are
 * taken from it; every label comes from the input. Hydrogens follow the heavy atoms
 * of their residue, named H1, H2 ...; serials are renumbered; the input's CONECT
 * records (hetero groups) are kept with the new serials.
 */
export function mergeHydrogens(input: string, protonated: string): string {
  const inputLines = input.split(/\r?\n/);
  const heavy: PdbAtom[] = [];
  for (const [i, line] of inputLines.entries()) {
    if (!line.startsWith('ATOM') && !line.startsWith('HETATM')) continue;
    const atom = parseAtomLine(line, i + 1);
    if (atom) heavy.push(atom);
  }
  const ob: PdbAtom[] = [];
  const obConect: string[] = [];
  for (const [i, line] of protonated.split(/\r?\n/).entries()) {
    if (line.startsWith('ATOM') || line.startsWith('HETATM')) {
      const atom = parseAtomLine(line, i + 1);
      if (atom) ob.push(atom);
    } else if (line.startsWith('CONECT')) obConect.push(line);
  }
  const obHeavy = ob.filter((a) => !isHydrogen(a.element));
  if (obHeavy.length !== heavy.length) {
    throw new Error(`Open Babel returned ${obHeavy.length} heavy atoms for ${heavy.length}`);
  }
  heavy.forEach((a, n) => {
    const b = obHeavy[n]!;
    if (Math.abs(a.x - b.x) > 0.01 || Math.abs(a.y - b.y) > 0.01 || Math.abs(a.z - b.z) > 0.01) {
      throw new Error(`Open Babel reordered the atoms (atom ${n + 1})`);
    }
  });
  const heavyOfSerial = new Map<string, number>(obHeavy.map((a, n) => [a.serial, n]));
  const hydrogenBySerial = new Map(ob.filter((a) => isHydrogen(a.element)).map((a) => [a.serial, a]));
  // Each hydrogen's heavy atom, from Open Babel's CONECT records, else the nearest heavy atom.
  const hydrogensOf = new Map<number, PdbAtom[]>();
  const attach = (n: number, h: PdbAtom) => {
    const list = hydrogensOf.get(n);
    if (list) list.push(h);
    else hydrogensOf.set(n, [h]);
  };
  const placed = new Set<string>();
  for (const line of obConect) {
    const c = parseConect(line);
    if (!c) continue;
    const h = hydrogenBySerial.get(c.origin);
    if (!h || placed.has(h.serial)) continue;
    const parent = c.bonded.map((s) => heavyOfSerial.get(s)).find((n) => n !== undefined);
    if (parent === undefined) continue;
    attach(parent, h);
    placed.add(h.serial);
  }
  for (const h of hydrogenBySerial.values()) {
    if (placed.has(h.serial)) continue;
    let best = 0;
    let bestD = Infinity;
    heavy.forEach((a, n) => {
      const d = (a.x - h.x) ** 2 + (a.y - h.y) ** 2 + (a.z - h.z) ** 2;
      if (d < bestD) {
        bestD = d;
        best = n;
      }
    });
    attach(best, h);
  }

  const out: string[] = [];
  const newSerial = new Map<string, number>();
  let serial = 0;
  let pending: { parent: PdbAtom; hydrogens: PdbAtom[] } | null = null;
  const flush = () => {
    if (!pending) return;
    const { parent, hydrogens } = pending;
    const record = parent.hetero ? 'HETATM' : 'ATOM  ';
    hydrogens.forEach((h, n) => {
      const name = hydrogens.length === 1 ? 'H' : `H${n + 1}`;
      serial++;
      out.push(
        `${record}${serialField(serial)} ${(name.length < 4 ? ` ${name}` : name).padEnd(4)} ${parent.text.slice(17, 27)}   ` +
          `${coordinate(h.x)}${coordinate(h.y)}${coordinate(h.z)}  1.00  0.00           H  `,
      );
    });
    pending = null;
  };
  let atomIndex = 0;
  let residue = '';
  for (const line of inputLines) {
    const record = recordName(line);
    if (record === 'ATOM' || record === 'HETATM') {
      const a = heavy[atomIndex];
      if (!a || a.text !== line) continue;
      const id = residueId(a);
      if (id !== residue) flush();
      residue = id;
      const charge = obHeavy[atomIndex]!.text.slice(78, 80);
      serial++;
      newSerial.set(a.serial, serial);
      out.push(`${line.slice(0, 6)}${serialField(serial)}${line.slice(11, 78).padEnd(67)}${charge}`.trimEnd());
      const hs = hydrogensOf.get(atomIndex) ?? [];
      if (!pending) pending = { parent: a, hydrogens: [] };
      pending.hydrogens.push(...hs);
      atomIndex++;
    } else if (record === 'TER' || record === 'END' || record === 'ENDMDL') {
      flush();
      residue = '';
      if (record === 'TER') out.push('TER');
    } else if (record === 'CONECT') {
      flush();
      const c = parseConect(line);
      const origin = c && newSerial.get(c.origin);
      const bonded = c ? c.bonded.map((s) => newSerial.get(s)).filter((s): s is number => s !== undefined) : [];
      if (origin !== undefined && origin !== null && bonded.length > 0) {
        out.push(`CONECT${serialField(origin)}${bonded.map(serialField).join('')}`);
      }
    } else if (record === 'CRYST1') out.push(line);
  }
  flush();
  out.push('END');
  return `${out.join('\n')}\n`;
}
