import { isLigandName } from '../../viewer/toolbar/ligands';

/** One ligand residue of a PDB text (spec §9: neither a standard residue nor an excluded ion). */
export interface PdbLigand {
  key: string;
  name: string;
  chain: string;
  seq: number;
  insCode: string;
  atoms: number;
}

const isAtomRecord = (line: string) => line.startsWith('HETATM') || line.startsWith('ATOM  ');

interface AtomLine {
  line: string;
  serial: string;
  residueKey: string;
  name: string;
  chain: string;
  seq: number;
  insCode: string;
}

/** The first model's atom records (fixed PDB columns), each with its residue. */
function atomLines(text: string): AtomLine[] {
  const out: AtomLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('ENDMDL')) break;
    if (!isAtomRecord(line)) continue;
    const name = line.slice(17, 20).trim().toUpperCase();
    const chain = line.slice(21, 22).trim();
    const seq = Number.parseInt(line.slice(22, 26), 10);
    const insCode = line.slice(26, 27).trim();
    out.push({
      line,
      serial: line.slice(6, 11).trim(),
      residueKey: `${chain}|${Number.isNaN(seq) ? '' : seq}|${insCode}|${name}`,
      name,
      chain,
      seq: Number.isNaN(seq) ? 0 : seq,
      insCode,
    });
  }
  return out;
}

/** The ligands of a PDB file, in file order, with their atom counts (what the Import dialog lists). */
export function pdbLigands(text: string): PdbLigand[] {
  const byKey = new Map<string, PdbLigand>();
  for (const atom of atomLines(text)) {
    if (!isLigandName(atom.name)) continue;
    const found = byKey.get(atom.residueKey);
    if (found) found.atoms += 1;
    else
      byKey.set(atom.residueKey, {
        key: atom.residueKey,
        name: atom.name,
        chain: atom.chain,
        seq: atom.seq,
        insCode: atom.insCode,
        atoms: 1,
      });
  }
  return [...byKey.values()];
}

/** How the dialog names a ligand: `ATP A401` (name, chain, number, insertion code). */
export const ligandLabel = (l: Pick<PdbLigand, 'name' | 'chain' | 'seq' | 'insCode'>) =>
  `${l.name} ${l.chain}${l.seq}${l.insCode}`;

/**
 * One ligand as a PDB text of its own: its atom records and the CONECT records among them (other
 * partners dropped), for the server's SMILES conversion, which perceives bond orders from the
 * geometry (Open Babel). Empty when the key names no residue.
 */
export function ligandPdb(text: string, key: string): string {
  const atoms = atomLines(text).filter((a) => a.residueKey === key);
  if (atoms.length === 0) return '';
  const serials = new Set(atoms.map((a) => a.serial));
  const conect: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('CONECT')) continue;
    const first = line.slice(6, 11).trim();
    if (!serials.has(first)) continue;
    const partners: string[] = [];
    for (let at = 11; at < line.length; at += 5) {
      const serial = line.slice(at, at + 5).trim();
      if (serial && serials.has(serial)) partners.push(serial);
    }
    if (partners.length > 0) conect.push(`CONECT${[first, ...partners].map((s) => s.padStart(5)).join('')}`);
  }
  return [...atoms.map((a) => a.line), ...conect, 'END', ''].join('\n');
}
