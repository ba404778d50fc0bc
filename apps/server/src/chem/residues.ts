/**
 * The one residue classification of the chemistry layer. split_pdb, Quick Prepare
 * (cleanProtein) and receptor preparation for docking (cleanReceptor) all ask this
 * module what a residue instance is, so they agree on what is protein.
 *
 * A residue instance is classified, first rule that applies:
 *   water            its name is a water name (HOH, WAT, DOD ...);
 *   aminoAcid        one of the 20 amino acids, whatever the record type;
 *   nucleotide       a standard nucleotide of DNA/RNA (A C G U I T N, DA DC DG DT DI DU DN);
 *   modifiedResidue  a modified residue of the polymer: by name (MSE, SEP, TPO, PTR ...) or by
 *                    the file's evidence: listed in MODRES, joined to a neighbour of its chain
 *                    by a peptide (C-N) or phosphodiester (O3'-P) bond (caps like ACE/NH2 too);
 *   metal            a single-atom metal ion of binding sites (Zn, Mg, Mn, Fe, Ca, Co, Ni, Cu, Cd);
 *   ion              any other single-heavy-atom residue (Na, K, Cl, ...);
 *   modifiedResidue  any other residue written as ATOM records (the file puts it in the polymer);
 *   cofactor         a named cofactor or prosthetic group (HEM, NAD, FAD, FES ...);
 *   ligand           everything else (HETATM groups: inhibitors, sugars, buffer molecules).
 *
 * What each operation does with each class (docs/decisions.md, "One residue classification"):
 *
 *   class                      split_pdb           Quick Prepare               receptor for docking
 *   aminoAcid, modified,       others (protein)    kept                        kept
 *   nucleotide
 *   water                      water part          removed unless keep_waters  removed
 *   metal                      others (protein)    kept unless keep_metals     kept, typed for Vina
 *                                                  is false
 *   ion                        others (protein)    removed unless named in     removed
 *                                                  keep_hetero
 *   cofactor, ligand           one part each       removed unless named in     removed
 *                                                  keep_hetero
 */
import { isHydrogen } from './pdb-records';
import { instanceKey, type Residue } from './readers/pdb';

export type ResidueClass =
  | 'water'
  | 'aminoAcid'
  | 'nucleotide'
  | 'modifiedResidue'
  | 'metal'
  | 'ion'
  | 'cofactor'
  | 'ligand';

const names = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter(Boolean));

/** The 20 amino acids. */
export const AMINO_ACIDS = names('ALA ARG ASN ASP CYS GLN GLU GLY HIS ILE LEU LYS MET PHE PRO SER THR TRP TYR VAL');

/** The 20 amino acids and HOH: the spec's "21 standard residue names" that are never ligands. */
export const STANDARD_RESIDUES = names(`${[...AMINO_ACIDS].join(' ')} HOH`);

/** Water residue names: HOH plus the names other programs use (WAT, DOD, H2O; TIP/SOL/SPC from MD). */
export const WATER_RESIDUES = names('HOH WAT DOD H2O TIP TP3 T3P SOL SPC');

/** Standard nucleotides of DNA and RNA polymers (N/DN: unknown). */
export const NUCLEOTIDES = names('A C G U I T N DA DC DG DT DI DU DN');

/**
 * Modified amino acids known by name: selenomethionine, phosphorylated Ser/Thr/Tyr,
 * oxidised and modified cysteines, hydroxyproline, methylated and carboxylated lysines,
 * pyroglutamate ... A name outside this list is still a modified residue when the
 * file shows it in the polymer (MODRES, a peptide bond to a neighbour, ATOM records).
 */
export const MODIFIED_RESIDUES = names(
  'MSE SEP TPO PTR CSO CSD CME HYP MLY KCX LLP OCS CSS SCY PCA ALY M3L NEP HIC MLZ CSX SMC CAS',
);

/**
 * Single-atom metal ions kept for binding sites, with the AutoDock type Vina reads
 * for them (case matters in PDBQT): Mg, Mn, Zn, Ca, Fe are AutoDock 4 types; Co, Ni,
 * Cu, Cd are metals Vina 1.2 accepts by name (typed as a generic metal donor).
 * Sodium, potassium and chloride are usually from the buffer and are ions, not these.
 */
export const BINDING_SITE_METALS: ReadonlyMap<string, string> = new Map([
  ['ZN', 'Zn'],
  ['MG', 'Mg'],
  ['MN', 'Mn'],
  ['FE', 'Fe'],
  ['FE2', 'Fe'],
  ['CA', 'Ca'],
  ['CO', 'Co'],
  ['NI', 'Ni'],
  ['CU', 'Cu'],
  ['CU1', 'Cu'],
  ['CD', 'Cd'],
]);

/** Cofactors and prosthetic groups commonly found in binding sites (hemes, nucleotide cofactors, Fe-S clusters). */
export const COFACTORS = names(
  'HEM HEC HEA HEB FAD FMN NAD NAI NAP NDP ADP ATP AMP ANP ACP GDP GTP GNP SAM SAH COA ACO PLP TPP FES SF4 F3S CLA BCL',
);

/** The classes that are the protein (or nucleic acid) itself. */
export const POLYMER_CLASSES: ReadonlySet<ResidueClass> = new Set(['aminoAcid', 'nucleotide', 'modifiedResidue']);

export const isPolymer = (c: ResidueClass): boolean => POLYMER_CLASSES.has(c);

/** Distinct heavy atoms (alt-locs of one atom share a name and count once). */
export function residueHeavyAtoms(residue: Residue): number {
  return new Set(residue.atoms.filter((a) => !isHydrogen(a.element)).map((a) => a.name.trim())).size;
}

// A covalent C-N or O3'-P bond is 1.33-1.6 Å; 2.0 Å leaves room for poor geometry
// while staying far below any non-bonded contact (> 2.5 Å).
const LINK_MAX = 2.0;

function atomNamed(residue: Residue, names: readonly string[]) {
  return residue.atoms.find((a) => names.includes(a.name.trim()));
}

function bonded(a: Residue | undefined, aAtoms: string[], b: Residue | undefined, bAtoms: string[]): boolean {
  if (!a || !b) return false;
  const x = atomNamed(a, aAtoms);
  const y = atomNamed(b, bAtoms);
  return !!x && !!y && Math.hypot(x.x - y.x, x.y - y.y, x.z - y.z) <= LINK_MAX;
}

/** Joined to the residue before or after it in its chain by a peptide or phosphodiester bond. */
function linkedInChain(residues: readonly Residue[], index: number): boolean {
  const residue = residues[index]!;
  const sameChain = (r: Residue | undefined) =>
    r && r.chain === residue.chain && r.model === residue.model ? r : undefined;
  const previous = sameChain(residues[index - 1]);
  const next = sameChain(residues[index + 1]);
  return (
    bonded(previous, ['C'], residue, ['N']) ||
    bonded(residue, ['C'], next, ['N']) ||
    bonded(previous, ["O3'", 'O3*'], residue, ['P']) ||
    bonded(residue, ["O3'", 'O3*'], next, ['P'])
  );
}

/**
 * Classifies residue instances (in file order, as the PDB reader gives them: the
 * neighbours in that order are what a peptide bond is looked for in). `modres` are
 * the file's MODRES records as instance keys.
 */
export function classifyResidues(
  residues: readonly Residue[],
  modres: ReadonlySet<string> = new Set(),
): Map<Residue, ResidueClass> {
  const classes = new Map<Residue, ResidueClass>();
  residues.forEach((residue, index) => {
    classes.set(residue, classify(residues, index, modres));
  });
  return classes;
}

function classify(residues: readonly Residue[], index: number, modres: ReadonlySet<string>): ResidueClass {
  const residue = residues[index]!;
  const name = residue.resName.toUpperCase();
  if (WATER_RESIDUES.has(name)) return 'water';
  if (AMINO_ACIDS.has(name)) return 'aminoAcid';
  if (NUCLEOTIDES.has(name)) return 'nucleotide';
  if (MODIFIED_RESIDUES.has(name) || modres.has(instanceKey(residue)) || linkedInChain(residues, index)) {
    return 'modifiedResidue';
  }
  if (residueHeavyAtoms(residue) <= 1) return BINDING_SITE_METALS.has(name) ? 'metal' : 'ion';
  if (!residue.hetero) return 'modifiedResidue';
  if (COFACTORS.has(name)) return 'cofactor';
  return 'ligand';
}

/** The AutoDock type of a binding-site metal residue ('Zn' for ZN), or null for other residues. */
export const metalAdType = (resName: string): string | null => BINDING_SITE_METALS.get(resName.toUpperCase()) ?? null;
