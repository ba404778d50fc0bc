/**
 * RDKit MinimalLib (the @rdkit/rdkit WASM build) as a lazily initialised singleton:
 * the code that runs inside the RDKit worker threads (rdkit-worker.ts). The server
 * calls it through rdkit.ts, never directly: RDKit's WASM can overflow its stack or
 * trap on hostile input, after which the module is unusable, so it lives where a
 * crash costs one worker. Tests may call it in-process as a reference.
 *
 * MinimalLib is synchronous once loaded, so a call never interleaves with another;
 * every Mol it returns lives in WASM memory and must be delete()d, hence withMol().
 * RDKit's log is captured rather than printed: parse errors are expected input
 * here and their text is returned as a validation detail instead.
 */
import initRDKitModule, { type Log, type MainModule, type Mol } from '@rdkit/rdkit';
import { firstSmilesToken, looksLikeMolblock } from './molecule-text';

export type RDKitModule = MainModule;

let modulePromise: Promise<{ rdkit: RDKitModule; log: Log | null }> | null = null;

async function load(): Promise<{ rdkit: RDKitModule; log: Log | null }> {
  const rdkit = await initRDKitModule();
  // Capturing also silences RDKit's default stderr logging of parse errors.
  const log = rdkit.set_log_capture('rdApp.*');
  return { rdkit, log };
}

async function loaded(): Promise<{ rdkit: RDKitModule; log: Log | null }> {
  if (!modulePromise) {
    modulePromise = load().catch((error: unknown) => {
      // A failed load (e.g. the .wasm missing) must not poison every later call.
      modulePromise = null;
      throw error;
    });
  }
  return modulePromise;
}

/** The initialised MinimalLib module (loaded on first use, about 0.2 s). */
export async function getRDKit(): Promise<RDKitModule> {
  return (await loaded()).rdkit;
}

/** The molblock part of an SDF record (up to and including 'M  END'), without data items. */
function molblockOnly(input: string): string {
  const match = /^M {2}END[^\S\n]*$/m.exec(input);
  return match ? input.slice(0, match.index + match[0].length) : input;
}

export interface ParseOutcome<T> {
  value: T | null;
  /** RDKit's own log text when parsing failed. */
  error: string;
}

/**
 * Parses a SMILES or molblock and hands the Mol to `use`, deleting it afterwards.
 * Molblocks keep explicit hydrogens only when asked: canonical SMILES and depictions
 * should not depend on whether the file carried them.
 */
async function withMol<T>(
  input: string,
  use: (mol: Mol, rdkit: RDKitModule) => T,
  options: { keepHs?: boolean; sanitize?: boolean } = {},
): Promise<ParseOutcome<T>> {
  const { rdkit, log } = await loaded();
  const molblock = looksLikeMolblock(input);
  const source = molblock ? molblockOnly(input) : firstSmilesToken(input);
  // get_mol also accepts JSON and other inputs; a SMILES never starts with '{'.
  if (source === '' || (!molblock && source.startsWith('{'))) {
    return { value: null, error: source === '' ? 'no molecule in the input' : 'not a SMILES string' };
  }
  const details: Record<string, boolean> = { removeHs: !options.keepHs };
  if (options.sanitize === false) details.sanitize = false;
  log?.clear_buffer();
  const mol = rdkit.get_mol(source, JSON.stringify(details));
  try {
    if (!mol || !mol.is_valid()) {
      const error = (log?.get_buffer() ?? '').trim() || 'RDKit could not parse the molecule';
      return { value: null, error: cleanLog(error) };
    }
    return { value: use(mol, rdkit), error: '' };
  } finally {
    mol?.delete();
    log?.clear_buffer();
  }
}

/** Drops RDKit's "[hh:mm:ss] " prefixes and repeated lines so the text can be shown. */
function cleanLog(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/^\[\d\d:\d\d:\d\d\]\s*/, '').trim())
    .filter((l) => l !== '');
  return [...new Set(lines)].join('; ').slice(0, 500);
}

/** Canonical isomeric SMILES (RDKit) of a SMILES or molblock; null when RDKit cannot read it. */
export async function canonicalSmiles(input: string): Promise<string | null> {
  return (await withMol(input, (mol) => mol.get_smiles())).value;
}

interface CommonChemAtom {
  z?: number;
  chg?: number;
  impHs?: number;
}
interface CommonChemBond {
  bo?: number;
  atoms: [number, number];
}

/**
 * Canonical SMILES of a SMILES perceived from coordinates (Open Babel's output for
 * PDB, PDBQT or XYZ input). Those formats carry no reliable formal charges, so a
 * quaternary or protonated amine comes back as a neutral four-valent nitrogen
 * ('C[N](C)(C)C', 'C[NH]1CCNCC1'), which RDKit rightly refuses. A four-valent
 * nitrogen can only be an ammonium cation; when plain parsing fails, such nitrogens
 * (all-single/double/triple bonds, no aromatic ones) are given +1 and RDKit tries again.
 */
export async function canonicalSmilesOfPerceived(smiles: string): Promise<string | null> {
  const direct = await canonicalSmiles(smiles);
  if (direct !== null) return direct;
  const json = (await withMol(smiles, (mol) => mol.get_json(), { keepHs: true, sanitize: false })).value;
  if (json === null) return null;
  const doc = JSON.parse(json) as { molecules?: { atoms?: CommonChemAtom[]; bonds?: CommonChemBond[] }[] };
  let changed = false;
  for (const molecule of doc.molecules ?? []) {
    const atoms = molecule.atoms ?? [];
    const valence = atoms.map((a) => a.impHs ?? 0);
    const aromatic = new Set<number>();
    for (const bond of molecule.bonds ?? []) {
      const order = bond.bo ?? 1;
      for (const i of bond.atoms) {
        if (Number.isInteger(order) && order >= 1 && order <= 3) valence[i] = (valence[i] ?? 0) + order;
        else aromatic.add(i);
      }
    }
    atoms.forEach((atom, i) => {
      if (atom.z === 7 && !atom.chg && valence[i] === 4 && !aromatic.has(i)) {
        atom.chg = 1;
        changed = true;
      }
    });
  }
  if (!changed) return null;
  const { rdkit, log } = await loaded();
  const mol = rdkit.get_mol(JSON.stringify(doc));
  try {
    return mol?.is_valid() ? mol.get_smiles() : null;
  } finally {
    mol?.delete();
    log?.clear_buffer();
  }
}

/** Parses a SMILES; for validation: heavy-atom count, or RDKit's error text. */
export async function checkSmiles(smiles: string): Promise<{ ok: true; atoms: number } | { ok: false; error: string }> {
  const outcome = await withMol(smiles, (mol) => mol.get_num_atoms(true));
  return outcome.value === null ? { ok: false, error: outcome.error } : { ok: true, atoms: outcome.value };
}

/**
 * Canonical SMILES of the heavy-atom graph only: every bond single, every atom
 * neutral, no aromaticity, hydrogen counts, isotopes or stereo. Two structures
 * with the same result have the same elements joined the same way, which is all
 * a PDB file (no bond orders, usually no charges) can be compared on.
 */
export async function connectivitySmiles(input: string): Promise<string | null> {
  const kekule = (await withMol(input, (mol) => mol.get_v2Kmolblock())).value;
  if (kekule === null) return null;
  const lines = kekule.split('\n');
  const counts = lines[3] ?? '';
  const atoms = Number.parseInt(counts.slice(0, 3), 10);
  const bonds = Number.parseInt(counts.slice(3, 6), 10);
  // Hydrogens RDKit keeps (those defining stereo, isotopes) are dropped here too: the
  // graph compared is the heavy-atom one. `index` maps old atom numbers to new ones.
  const atomLines: string[] = [];
  const index = new Map<number, number>();
  for (let i = 0; i < atoms; i++) {
    const line = lines[4 + i] ?? '';
    if (line.slice(31, 34).trim() === 'H') continue;
    index.set(i + 1, atomLines.length + 1);
    // Coordinates zeroed (RDKit would re-perceive stereo from 3D ones), mass
    // difference, charge and stereo parity (cols 35-42) zeroed.
    atomLines.push(`    0.0000    0.0000    0.0000${line.slice(30, 34)} 0  0  0${line.slice(42)}`);
  }
  const bondLines: string[] = [];
  for (let i = 0; i < bonds; i++) {
    const line = lines[4 + atoms + i] ?? '';
    const a = index.get(Number.parseInt(line.slice(0, 3), 10));
    const b = index.get(Number.parseInt(line.slice(3, 6), 10));
    if (a !== undefined && b !== undefined) bondLines.push(`${String(a).padStart(3)}${String(b).padStart(3)}  1  0`);
  }
  const pad = (n: number) => String(n).padStart(3);
  const out = [
    ...lines.slice(0, 3),
    `${pad(atomLines.length)}${pad(bondLines.length)}${counts.slice(6)}`,
    ...atomLines,
    ...bondLines,
    'M  END',
  ];
  // Unsanitised: an all-single-bond graph may exceed normal valences (N+ with four bonds).
  const skeleton = await withMol(out.join('\n'), (mol) => mol.get_smiles(JSON.stringify({ doIsomericSmiles: false })), {
    keepHs: true,
    sanitize: false,
  });
  return skeleton.value;
}

/**
 * True when `target` is the molecule `query` describes: same heavy atoms and bonds,
 * and every stereocentre the query specifies present with the same configuration
 * in the target (centres the query leaves open may be either, as they must be in
 * any 3D structure). Used to catch 3D builders that invert or drop stereo.
 */
export async function sameMolecule(query: string, target: string): Promise<boolean> {
  const { rdkit } = await loaded();
  const parsed = await withMol(target, (mol) => {
    const q = looksLikeMolblock(query)
      ? rdkit.get_mol(query, JSON.stringify({ removeHs: true }))
      : rdkit.get_mol(firstSmilesToken(query));
    try {
      if (!q?.is_valid()) return false;
      if (q.get_num_atoms(true) !== mol.get_num_atoms(true) || q.get_num_bonds() !== mol.get_num_bonds()) return false;
      return mol.get_substruct_match(q, JSON.stringify({ useChirality: true })) !== '{}';
    } finally {
      q?.delete();
    }
  });
  return parsed.value === true;
}

/**
 * SVG depiction of a SMILES or molblock, or RDKit's reason. 3D molblocks get fresh 2D
 * coordinates (a projected crystal pose is unreadable); 2D ones keep the drawn layout.
 */
export async function depiction(smilesOrMolblock: string, width = 300, height = 200): Promise<ParseOutcome<string>> {
  return withMol(smilesOrMolblock, (mol) => {
    if (mol.has_coords() === 3) mol.set_new_coords();
    return mol.get_svg(width, height);
  });
}

/**
 * Fresh 2D coordinates of a molblock's atoms, in the molblock's order (the 2D interaction
 * diagram joins them to 3D atoms by index). Hydrogens are kept as given; a graph RDKit cannot
 * sanitise (bond orders guessed from a PDB, a charge left out) is laid out unsanitised.
 */
export async function layout2d(molblock: string): Promise<ParseOutcome<[number, number][]>> {
  const lay = (mol: Mol): [number, number][] => {
    mol.set_new_coords();
    const lines = mol.get_molblock().split('\n');
    const count = Number.parseInt(lines[3]?.slice(0, 3) ?? '', 10);
    const coords: [number, number][] = [];
    for (let i = 0; i < count; i++) {
      const line = lines[4 + i] ?? '';
      coords.push([Number.parseFloat(line.slice(0, 10)), Number.parseFloat(line.slice(10, 20))]);
    }
    return coords;
  };
  const sanitised = await withMol(molblock, lay, { keepHs: true });
  if (sanitised.value !== null) return sanitised;
  return withMol(molblock, lay, { keepHs: true, sanitize: false });
}
