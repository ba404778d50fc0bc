/**
 * Splitting a PDB file into ligands, water and the rest (split_pdb), or into chains
 * (split_protein_chains). Lines are copied verbatim: the parts of a file contain
 * exactly its ATOM/HETATM lines, each once (tested on every bench complex), so a
 * split never renumbers, re-perceives or drops an atom.
 *
 * What counts as a ligand is the residue classification of chem/residues.ts, shared
 * with Quick Prepare and receptor preparation: each ligand or cofactor residue
 * instance (name + chain + number + insertion code, all alt-locs together) is a part;
 * waters go to one water part; the polymer, its modified residues (MSE, SEP ... by
 * name, MODRES or peptide bond: cutting one out would break the chain) and single-atom
 * ions stay in `others`. Metal ions are part of the binding site (the zinc of 1s63
 * coordinates the inhibitor): removing them with the ligands would hand the docking a
 * receptor with an empty metal site.
 * Bonds between parts (a covalent ligand's link to a cysteine) cannot be kept in
 * either part's CONECT records and are dropped; each part keeps the CONECT records
 * among its own atoms.
 */
import { formatConect, type PdbAtom, recordName } from './pdb-records';
import { type PdbConect, type PdbFile, type PdbLine, type Residue, readPdb } from './readers/pdb';
import { classifyResidues } from './residues';
import { joinLines, safeName, uniqueNames } from './text';

export interface LigandPart {
  name: string;
  resName: string;
  chain: string;
  resSeq: number;
  iCode: string;
  content: string;
  /**
   * Atoms outside this ligand that CONECT or LINK records bond it to, as
   * 'CYS A339 SG': a covalent inhibitor, a glycan on its asparagine, a cluster on its
   * cysteines. The split cuts these bonds; callers may want to warn about them.
   */
  bondedTo: string[];
}

export interface PdbSplit {
  ligands: LigandPart[];
  /** Every water molecule, or null when there is none. */
  water: string | null;
  /** Protein, ions, modified residues, TER and header records; null when no atom is left for it. */
  others: string | null;
  waterName: string;
  othersName: string;
}

export interface ChainPart {
  name: string;
  /** Chain identifier as written (case-sensitive); '' for a blank chain column. */
  chain: string;
  content: string;
}

// ---------------------------------------------------------------------------
// Classification (chem/residues.ts): ligands and cofactors get a part each, waters
// theirs, everything else (polymer, modified residues, metals, ions) stays in others.

type Role = 'ligand' | 'water' | 'others';

function roles(parsed: PdbFile): Map<Residue, Role> {
  const out = new Map<Residue, Role>();
  for (const [residue, kind] of classifyResidues(parsed.residues, parsed.modres)) {
    out.set(residue, kind === 'water' ? 'water' : kind === 'ligand' || kind === 'cofactor' ? 'ligand' : 'others');
  }
  return out;
}

// ---------------------------------------------------------------------------
// Writing parts.

/** Collects one part's lines; wraps atoms in MODEL/ENDMDL when the source has several models. */
class PartBuilder {
  readonly lines: string[] = [];
  readonly serials = new Set<string>();
  atoms = 0;
  private openModel: number | null = null;

  constructor(
    private readonly parsed: PdbFile,
    private readonly wrapModels: boolean,
  ) {}

  add(line: PdbLine): void {
    if (this.wrapModels && this.openModel !== line.model) {
      if (this.openModel !== null) this.lines.push('ENDMDL');
      this.lines.push(this.parsed.modelLines.get(line.model) ?? `MODEL     ${String(line.model).padStart(4)}`);
      this.openModel = line.model;
    }
    this.lines.push(line.text);
    if (line.kind === 'atom' && line.atom) {
      this.atoms++;
      this.serials.add(line.atom.serial);
    }
  }

  closeModel(): void {
    if (this.openModel !== null) this.lines.push('ENDMDL');
    this.openModel = null;
  }

  finish(conect: string[]): string {
    this.closeModel();
    return joinLines([...this.lines, ...conect, 'END']);
  }
}

/** The CONECT records restricted to bonds between atoms of `serials` (verbatim when nothing is cut). */
function conectWithin(conects: readonly PdbConect[], serials: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const { line, parsed } of conects) {
    if (!serials.has(parsed.origin)) continue;
    const kept = parsed.bonded.filter((s) => serials.has(s));
    if (kept.length === 0) continue;
    const untouched = kept.length === parsed.bonded.length && line.text.trimEnd().length <= 31;
    out.push(...(untouched ? [line.text] : formatConect(parsed.origin, kept)));
  }
  return out;
}

const describe = (a: PdbAtom) => `${a.resName} ${a.chain}${a.resSeqText}${a.iCode} ${a.name.trim()}`;

/** Atoms outside `residue` bonded to it by CONECT or LINK records (see LigandPart.bondedTo). */
function bondsLeaving(parsed: PdbFile, residue: Residue): string[] {
  const inside = new Set(residue.atoms.map((a) => a.serial));
  const found = new Set<string>();
  const outsideAtoms = (serial: string) =>
    (parsed.bySerial.get(serial) ?? []).filter((a) => {
      const owner = parsed.residueOf.get(a);
      return owner !== residue && owner?.model === residue.model;
    });
  for (const { parsed: conect } of parsed.conects) {
    if (inside.has(conect.origin)) {
      for (const s of conect.bonded) if (!inside.has(s)) for (const a of outsideAtoms(s)) found.add(describe(a));
    } else if (conect.bonded.some((s) => inside.has(s))) {
      for (const a of outsideAtoms(conect.origin)) found.add(describe(a));
    }
  }
  const key = `${residue.resName}|${residue.chain}|${residue.resSeqText}|${residue.iCode}`;
  for (const link of parsed.links) {
    const other =
      link.a === key ? { key: link.b, name: link.bName } : link.b === key ? { key: link.a, name: link.aName } : null;
    if (!other || other.key === key) continue;
    const [resName, chain, resSeq, iCode] = other.key.split('|');
    found.add(`${resName} ${chain}${resSeq}${iCode} ${other.name}`);
  }
  return [...found];
}

function ligandName(baseName: string, residue: Residue, multiModel: boolean): string {
  const model = multiModel ? `_m${residue.model}` : '';
  const raw = `${baseName}_${residue.resName}_${residue.chain}${residue.resSeqText}${residue.iCode}${model}`;
  return safeName(raw, `ligand_${residue.resSeqText}`);
}

/**
 * Splits a PDB into ligands (one file per residue instance), water (all of it, one
 * file) and others (everything else, header records included). Parts end with END;
 * MASTER is dropped because its record counts would be wrong for every part.
 */
export function splitPdb(text: string, baseName: string): PdbSplit {
  const parsed = readPdb(text);
  const roleByResidue = roles(parsed);
  const roleOf = (atom: PdbAtom) => roleByResidue.get(parsed.residueOf.get(atom)!)!;

  const ligandBuilders = new Map<Residue, PartBuilder>();
  const water = new PartBuilder(parsed, parsed.multiModel);
  // `others` keeps the file's own MODEL/ENDMDL lines in place, so it never wraps.
  const others = new PartBuilder(parsed, false);
  const othersConectAt: number[] = [];

  for (const line of parsed.lines) {
    if (line.atom) {
      const residue = parsed.residueOf.get(line.atom)!;
      const role = roleOf(line.atom);
      if (role === 'ligand') {
        let builder = ligandBuilders.get(residue);
        if (!builder) {
          builder = new PartBuilder(parsed, false);
          ligandBuilders.set(residue, builder);
        }
        builder.add(line);
      } else if (role === 'water') water.add(line);
      else others.add(line);
      continue;
    }
    if (line.kind === 'conect') {
      // Placeholder: replaced by the filtered records once the part's atoms are known.
      if (othersConectAt.length === 0) othersConectAt.push(others.lines.length);
      continue;
    }
    if (line.kind === 'end' || line.kind === 'master') continue;
    others.add(line);
  }

  const residues = [...ligandBuilders.keys()];
  const names = uniqueNames(residues.map((r) => ligandName(baseName, r, parsed.multiModel)));
  const ligands: LigandPart[] = residues.map((residue, i) => {
    const builder = ligandBuilders.get(residue)!;
    return {
      name: names[i]!,
      resName: residue.resName,
      chain: residue.chain,
      resSeq: residue.resSeq,
      iCode: residue.iCode,
      content: builder.finish(conectWithin(parsed.conects, builder.serials)),
      bondedTo: bondsLeaving(parsed, residue),
    };
  });

  let othersContent: string | null = null;
  if (others.atoms > 0) {
    const conect = conectWithin(parsed.conects, others.serials);
    const at = othersConectAt[0] ?? others.lines.length;
    others.lines.splice(at, 0, ...conect);
    othersContent = joinLines([...others.lines, 'END']);
  }

  return {
    ligands,
    water: water.atoms > 0 ? water.finish(conectWithin(parsed.conects, water.serials)) : null,
    others: othersContent,
    waterName: safeName(`${baseName}_water`, 'water'),
    othersName: safeName(`${baseName}_others`, 'others'),
  };
}

/**
 * Splits a PDB by chain identifier: every atom line goes to the part of its chain
 * (hetero groups and waters with the chain they are labelled with), TER records
 * with their chain, CRYST1 to every part, CONECT records within each chain.
 */
export function splitChains(text: string, baseName: string): ChainPart[] {
  const parsed = readPdb(text);
  const builders = new Map<string, PartBuilder>();
  const cryst1 = parsed.lines.find((l) => recordName(l.text) === 'CRYST1')?.text;
  let lastChain: string | null = null;

  const builderFor = (chain: string) => {
    let builder = builders.get(chain);
    if (!builder) {
      builder = new PartBuilder(parsed, parsed.multiModel);
      if (cryst1) builder.lines.push(cryst1);
      builders.set(chain, builder);
    }
    return builder;
  };

  for (const line of parsed.lines) {
    if (line.atom) {
      lastChain = line.atom.chain;
      builderFor(line.atom.chain).add(line);
    } else if (line.kind === 'ter') {
      // TER carries its chain in col 22; a bare 'TER' closes the chain just written.
      const written = line.text.slice(21, 22).trim();
      const chain = written !== '' && builders.has(written) ? written : lastChain;
      if (chain !== null) builderFor(chain).add(line);
    }
  }

  const chains = [...builders.keys()];
  const names = uniqueNames(chains.map((c) => safeName(`${baseName}_${c === '' ? 'blank' : c}`, 'chain')));
  return chains.map((chain, i) => {
    const builder = builders.get(chain)!;
    return { name: names[i]!, chain, content: builder.finish(conectWithin(parsed.conects, builder.serials)) };
  });
}
