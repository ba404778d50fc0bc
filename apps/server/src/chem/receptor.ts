/**
 * The receptor for docking (notes/docking.md): the first model only, no waters, no
 * hydrogens (Open Babel adds them again at pH 7.4), one conformation per residue
 * (alt-loc A, else the first written), the polymer as chem/residues.ts classifies it
 * (amino acids, nucleotides, modified residues such as MSE or SEP) and the binding-site
 * metal ions; ligands, cofactors and other ions are removed.
 *
 * Metals do not go through Open Babel. Its PDB reader bonds a metal to the atoms
 * around it (a zinc to the nitrogens of its histidines), and with those bonds it can
 * no longer kekulize the rings: `obabel -xr -p 7.4 --partialcharge gasteiger` then
 * writes no molecule at all (1s63's zinc, 7ztl's magnesium). So Open Babel prepares
 * the polymer alone (`polymerPdb`), and assembleReceptorPdbqt() adds each metal as a PDBQT
 * atom with the AutoDock type Vina reads for it (Zn, Mg, Mn, Fe, Ca; Co, Ni, Cu, Cd
 * as Vina's generic metal) and a charge of 0 (Vina ignores receptor charges; AutoDock's
 * own receptor preparation writes 0.000 for a zinc too).
 *
 * Selenium (selenomethionine MSE) fails Open Babel the same way (its Gasteiger charges
 * have no selenium), so Open Babel gets it as sulfur: Vina types Se as S anyway (its
 * atom_equivalence table), and the coordinates are the same.
 */
import { chosenAltLocs } from './alt-locs';
import { isHydrogen, type PdbAtom } from './pdb-records';
import { readPdb } from './readers/pdb';
import { readPdbqt } from './readers/pdbqt';
import { classifyResidues, isPolymer, metalAdType } from './residues';
import { joinLines } from './text';

export interface ReceptorMetal {
  atom: PdbAtom;
  /** AutoDock type written in the PDBQT ('Zn'). */
  adType: string;
}

export interface CleanReceptor {
  /** The receptor as PDB: polymer and metals (what the complex files show). */
  pdb: string;
  /** What Open Babel prepares: the polymer alone. */
  polymerPdb: string;
  metals: ReceptorMetal[];
  /** Atom records kept (polymer heavy atoms and metals). */
  atoms: number;
  /** Records dropped, by kind, for the provenance. */
  dropped: { waters: number; hetero: number; hydrogens: number; altLocs: number };
}

const finite = (a: PdbAtom) => Number.isFinite(a.x) && Number.isFinite(a.y) && Number.isFinite(a.z);

/** The line of a kept atom: alt-loc column blanked (one conformation is left). */
const keptLine = (a: PdbAtom) => (a.altLoc === '' ? a.text : `${a.text.slice(0, 16)} ${a.text.slice(17)}`);

/** The line Open Babel gets for a polymer atom: selenium written as sulfur (see the module comment). */
const polymerLine = (a: PdbAtom) => {
  const line = keptLine(a);
  return a.element === 'SE' ? `${line.slice(0, 76).padEnd(76)} S${line.slice(78)}` : line;
};

export function cleanReceptor(text: string): CleanReceptor {
  const file = readPdb(text);
  const residues = file.records[0]?.residues ?? [];
  const classes = classifyResidues(residues, file.modres);
  const altOf = chosenAltLocs(residues);
  const polymer: string[] = [];
  const kept: string[] = [];
  const metals: ReceptorMetal[] = [];
  const dropped = { waters: 0, hetero: 0, hydrogens: 0, altLocs: 0 };
  let lastChain: string | null = null;
  for (const residue of residues) {
    const kind = classes.get(residue)!;
    const keptAs = isPolymer(kind) ? 'polymer' : kind === 'metal' ? 'metal' : null;
    for (const a of residue.atoms) {
      if (!finite(a)) continue;
      if (kind === 'water') {
        dropped.waters++;
        continue;
      }
      if (!keptAs) {
        dropped.hetero++;
        continue;
      }
      if (isHydrogen(a.element)) {
        dropped.hydrogens++;
        continue;
      }
      if (a.altLoc !== '' && a.altLoc !== altOf.get(residue)) {
        dropped.altLocs++;
        continue;
      }
      if (keptAs === 'metal') {
        metals.push({ atom: a, adType: metalAdType(a.resName)! });
        continue;
      }
      // TER between chains, so Open Babel does not bond the end of one to the next.
      if (lastChain !== null && a.chain !== lastChain) {
        polymer.push('TER');
        kept.push('TER');
      }
      polymer.push(polymerLine(a));
      kept.push(keptLine(a));
      lastChain = a.chain;
    }
  }
  if (polymer.length > 0) {
    polymer.push('TER');
    kept.push('TER');
  }
  const metalLines = metals.map((m) => keptLine(m.atom));
  return {
    pdb: joinLines([...kept, ...metalLines, 'END']),
    polymerPdb: joinLines([...polymer, 'END']),
    metals,
    atoms: polymer.filter((l) => l !== 'TER').length + metals.length,
    dropped,
  };
}

/**
 * The Open Babel command that makes the receptor PDBQT from cleanReceptor's polymerPdb:
 * rigid (-xr), hydrogens for pH 7.4, Gasteiger charges (notes/docking.md).
 */
export const receptorObabelArgs = (input: string, output: string): string[] => [
  input,
  '-xr',
  '-p',
  '7.4',
  '--partialcharge',
  'gasteiger',
  '-O',
  output,
];

const coordinateKey = (a: { x: number; y: number; z: number }) =>
  `${a.x.toFixed(3)} ${a.y.toFixed(3)} ${a.z.toFixed(3)}`;

/**
 * A hydrogen Open Babel put on an atom that coordinates a metal it did not see (the
 * metal was left out of its input): closer to the metal than any real hydrogen is.
 */
const METAL_HYDROGEN_MIN = 1.8;

/** A PDBQT atom record: PDB columns 1-66, charge in 71-76, AutoDock type in 78-79. */
function pdbqtAtomLine(serial: number, m: ReceptorMetal): string {
  const a = m.atom;
  const f = (v: number) => v.toFixed(3).padStart(8);
  const name = a.text.slice(12, 16);
  const labels = `${a.resName.padStart(3)} ${a.chain || ' '}${a.text.slice(22, 27)}`;
  return `HETATM${String(serial % 100000).padStart(5)} ${name} ${labels}   ${f(a.x)}${f(a.y)}${f(a.z)}  1.00  0.00     0.000 ${m.adType.padEnd(2)}`;
}

export class ReceptorPreparationError extends Error {
  override readonly name = 'ReceptorPreparationError';
}

/**
 * The receptor PDBQT Vina gets: Open Babel's PDBQT of `polymerPdb`, the hydrogens it put
 * on metal-coordinating atoms removed, and the metals added. Throws when a heavy atom
 * of the cleaned receptor is missing from it (matched by coordinates, which Open Babel
 * keeps), so a receptor is never docked with part of it silently gone.
 */
export function assembleReceptorPdbqt(obabelPdbqt: string, clean: CleanReceptor): string {
  const made = readPdbqt(obabelPdbqt);
  const metals = clean.metals.map((m) => m.atom);
  const tooClose = (a: PdbAtom) =>
    isHydrogen(a.element) && metals.some((m) => Math.hypot(m.x - a.x, m.y - a.y, m.z - a.z) < METAL_HYDROGEN_MIN);
  const lines: string[] = [];
  let serial = 0;
  const present = new Set<string>();
  for (const line of made.lines) {
    if (line.kind !== 'atom' || !line.atom) {
      if (!/^(END|TER)\b/.test(line.text)) lines.push(line.text);
      continue;
    }
    if (tooClose(line.atom)) continue;
    present.add(coordinateKey(line.atom));
    lines.push(line.atom.text);
    // Open Babel numbers each chain from 1 again; the metals are numbered after the atom count.
    serial++;
  }
  const expected = readPdb(clean.polymerPdb).records[0]?.atoms ?? [];
  const missing = expected.filter((a) => !present.has(coordinateKey(a)));
  if (expected.length === 0 || present.size === 0) {
    throw new ReceptorPreparationError('Open Babel could not prepare the receptor (no atoms in its PDBQT).');
  }
  if (missing.length > 0) {
    const which = missing
      .slice(0, 5)
      .map((a) => `${a.resName} ${a.chain}${a.resSeqText}${a.iCode} ${a.name.trim()}`)
      .join(', ');
    throw new ReceptorPreparationError(
      `Open Babel left ${missing.length} of ${expected.length} receptor atoms out of its PDBQT (${which}${missing.length > 5 ? ', ...' : ''}).`,
    );
  }
  for (const m of clean.metals) lines.push(pdbqtAtomLine(++serial, m));
  return joinLines(lines);
}

/** Polymer atoms of a receptor file (PDB, or PDBQT by its AutoDock types): 0 means there is no receptor in it. */
export function countPolymerAtoms(text: string, format: 'pdb' | 'pdbqt' = 'pdb'): number {
  const file = format === 'pdbqt' ? readPdbqt(text) : readPdb(text);
  const residues = file.records[0]?.residues ?? [];
  let atoms = 0;
  for (const [residue, kind] of classifyResidues(residues, file.modres))
    if (isPolymer(kind)) atoms += residue.atoms.length;
  return atoms;
}
