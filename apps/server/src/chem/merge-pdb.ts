/**
 * Merging structures into one PDB (merge_pdb): PDB inputs keep their chains and
 * residues, each SDF/MOL2/SMILES input becomes a chain with one HETATM residue per
 * molecule; serials, CONECT records and END are rewritten for the merged file.
 */
import { conversionFailed, structureFormat } from './conversions';
import { ChemistryError } from './errors';
import { encodeHybrid36 } from './hybrid36';
import { convert } from './openbabel';
import { formatConect, isAtomRecord, parseAtomLine, parseConect, recordName } from './pdb-records';
import { pdbqtToPdb } from './pdbqt';
import { firstModel } from './readers/pdb';
import { joinLines, splitLines } from './text';

export interface MergeInput {
  /** Shown in the merged file's REMARK records (a file name without extension). */
  name: string;
  ext: string;
  content: string;
}

/** Chain identifiers in the order they are handed out. */
const CHAIN_IDS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Replaces columns [start, start + text.length) of a fixed-column line (0-based start). */
function setColumns(line: string, start: number, text: string): string {
  const padded = line.padEnd(start + text.length);
  return padded.slice(0, start) + text + padded.slice(start + text.length);
}

interface MergeBlock {
  name: string;
  /** PDB text; 'structure' keeps its chains and residues, 'molecule' is one residue per molecule. */
  kind: 'structure' | 'molecule';
  /** For 'structure': one text. For 'molecule': one PDB text per molecule. */
  texts: string[];
}

/** Splits Open Babel's multi-molecule PDB output (MODEL blocks) into one text per molecule. */
function obabelModels(pdb: string): string[] {
  const models: string[][] = [];
  let current: string[] | null = null;
  let sawModel = false;
  for (const line of splitLines(pdb)) {
    const record = recordName(line);
    if (record === 'MODEL') {
      sawModel = true;
      current = [];
      models.push(current);
    } else if (record === 'ENDMDL') {
      current = null;
    } else if (current) {
      current.push(line);
    } else if (!sawModel) {
      if (models.length === 0) models.push([]);
      models[0]!.push(line);
    }
  }
  return models.filter((m) => m.some(isAtomRecord)).map(joinLines);
}

async function prepareMergeBlock(input: MergeInput): Promise<MergeBlock> {
  const format = structureFormat(input.ext, ['pdb', 'pdbqt', 'sdf', 'mol2', 'smi']);
  if (format === 'pdb') return { name: input.name, kind: 'structure', texts: [firstModel(input.content)] };
  if (format === 'pdbqt') {
    return {
      name: input.name,
      kind: 'structure',
      texts: [pdbqtToPdb(firstModel(input.content), { keepHydrogens: true })],
    };
  }
  let pdb: string;
  try {
    pdb = await convert(input.content, format, 'pdb', { gen3d: format === 'smi' });
  } catch (error) {
    throw conversionFailed(`could not convert ${input.name}.${input.ext} to PDB`, error);
  }
  return { name: input.name, kind: 'molecule', texts: obabelModels(pdb) };
}

/**
 * Source names go into free-text REMARK 999 records (a number no reader interprets;
 * viewers do read 290, 350, 465 ...), on one line within 80 columns.
 */
const remarkName = (name: string) => name.replace(/[\r\n\t]+/g, ' ').slice(0, 50);

/** Atom names made unique within a residue (element + running number) when they are not. */
function uniqueAtomNames(lines: string[]): string[] {
  const names = lines.map((l) => l.slice(12, 16).trim());
  if (new Set(names).size === names.length) return lines;
  const counters = new Map<string, number>();
  return lines.map((line) => {
    const element = parseAtomLine(line, 0, true)?.element || 'X';
    const n = (counters.get(element) ?? 0) + 1;
    counters.set(element, n);
    const name = `${element}${n}`;
    // One-letter elements start in col 14, two-letter ones in col 13 (PDB alignment).
    const field = element.length === 1 && name.length < 4 ? ` ${name}`.padEnd(4) : name.slice(0, 4).padEnd(4);
    return setColumns(line, 12, field);
  });
}

/**
 * Merges structures into one PDB: each input keeps its own chain(s) (PDB chains are
 * kept when free, otherwise relabelled to the next free identifier; each SDF/MOL2/
 * SMILES input becomes a new chain with one HETATM residue per molecule). Atom
 * serials are renumbered from 1 across the file (TER records take a serial, as the
 * format defines), CONECT records follow the new serials, and END appears once.
 * SMILES get 3D coordinates (obabel --gen3d); PDB inputs contribute their first model.
 */
export async function mergeToPdb(files: readonly MergeInput[]): Promise<string> {
  const blocks: MergeBlock[] = [];
  for (const file of files) blocks.push(await prepareMergeBlock(file));

  const used = new Set<string>();
  const takeChain = (preferred: string | null): string => {
    if (preferred && preferred !== ' ' && !used.has(preferred)) {
      used.add(preferred);
      return preferred;
    }
    const free = [...CHAIN_IDS].find((c) => !used.has(c));
    if (!free) throw new ChemistryError('invalidInput', `more than ${CHAIN_IDS.length} chains to merge`);
    used.add(free);
    return free;
  };

  let serial = 0;
  const nextSerial = () => encodeHybrid36(++serial, 5);
  const remarks: string[] = [];
  const atoms: string[] = [];
  const conects: string[] = [];

  // Rewrites one PDB text's atom, ANISOU and TER lines with new serials and chains.
  const emit = (
    text: string,
    chainFor: (original: string) => string,
    /** For a one-residue molecule: rewrites record, residue name and number (atom names are made unique too). */
    residueFor: ((line: string) => string) | null,
  ): string[] => {
    const serials = new Map<string, string>();
    const chainsUsed: string[] = [];
    let lastAtom: string | null = null;
    const lines = splitLines(text);
    const atomLines = lines.filter(isAtomRecord);
    const renamed = residueFor ? uniqueAtomNames(atomLines) : atomLines;
    let atomIndex = 0;
    for (const line of lines) {
      const record = recordName(line);
      if (isAtomRecord(line)) {
        const chain = chainFor(line.slice(21, 22).trim());
        if (!chainsUsed.includes(chain)) chainsUsed.push(chain);
        const next = nextSerial();
        const old = line.slice(6, 11).trim();
        if (!serials.has(old)) serials.set(old, next);
        let out = renamed[atomIndex++]!;
        out = setColumns(out, 6, next);
        out = setColumns(out, 21, chain);
        if (residueFor) out = residueFor(out);
        atoms.push(out);
        lastAtom = out;
      } else if (record === 'ANISOU' && lastAtom) {
        // Same columns 7-27 as its atom.
        atoms.push(setColumns(line, 6, lastAtom.slice(6, 27)));
      } else if (record === 'TER' && lastAtom) {
        atoms.push(`TER   ${nextSerial()}      ${lastAtom.slice(17, 27)}`);
      } else if (record === 'CONECT') {
        const parsed = parseConect(line);
        const origin = parsed && serials.get(parsed.origin);
        if (!parsed || !origin) continue;
        const bonded = parsed.bonded.map((s) => serials.get(s)).filter((s): s is string => s !== undefined);
        if (bonded.length > 0)
          conects.push(
            ...formatConect(
              origin.trim(),
              bonded.map((s) => s.trim()),
            ),
          );
      }
    }
    return chainsUsed;
  };

  for (const block of blocks) {
    if (block.kind === 'structure') {
      const chainMap = new Map<string, string>();
      const text = block.texts[0] ?? '';
      if (!splitLines(text).some(isAtomRecord)) {
        throw new ChemistryError('invalidInput', `${block.name} has no ATOM or HETATM records`);
      }
      const chains = emit(
        text,
        (original) => {
          let chain = chainMap.get(original);
          if (chain === undefined) {
            chain = takeChain(original === '' ? null : original);
            chainMap.set(original, chain);
          }
          return chain;
        },
        null,
      );
      remarks.push(
        `REMARK 999 CHAIN${chains.length > 1 ? 'S' : ''} ${chains.join(',')} FROM ${remarkName(block.name)}`,
      );
    } else {
      if (block.texts.length === 0) throw new ChemistryError('invalidInput', `${block.name} has no molecules`);
      const chain = takeChain(null);
      block.texts.forEach((text, index) => {
        const atomLines = splitLines(text).filter(isAtomRecord);
        const residues = new Set(atomLines.map((l) => l.slice(17, 27)));
        // A one-residue molecule becomes HETATM residue <index+1>; a multi-residue one
        // (a peptide from MOL2) keeps its residues and only changes chain.
        if (residues.size > 1) {
          emit(text, () => chain, null);
          return;
        }
        emit(
          text,
          () => chain,
          (line: string) => {
            const resName = line.slice(17, 20).trim() || 'UNL';
            let out = setColumns(line, 0, 'HETATM');
            out = setColumns(out, 17, resName.padStart(3));
            out = setColumns(out, 22, `${encodeHybrid36(index + 1, 4)} `);
            return out;
          },
        );
      });
      remarks.push(`REMARK 999 CHAIN ${chain} FROM ${remarkName(block.name)}`);
    }
  }
  return joinLines([...remarks, ...atoms, ...conects, 'END']);
}
