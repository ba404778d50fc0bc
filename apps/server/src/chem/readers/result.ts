/**
 * The one result type of the format readers (chem/readers/<format>.ts). A reader
 * takes the text of a file and answers its records (molecules, or models for
 * macromolecular formats), the atoms of each with coordinates, and what is wrong
 * with the file, line by line. Nothing is re-perceived: a record's text is the file's
 * own lines, so splitting a file is copying its records.
 *
 * The readers are as strict as upload validation needs (the messages of a refused
 * upload are the `detail` of the first error) and as lenient as splitting needs: a
 * reader that finds a problem still returns what it could read, so callers that got
 * the file through validation never have to handle a throw.
 */

/** Why a file is not a usable file of its format. */
export type ReadProblem = 'empty' | 'binary' | 'noAtoms' | 'truncated' | 'malformed';

export interface ReadError {
  reason: ReadProblem;
  /** 1-based line of the file the problem is on, when one line is to blame. */
  line: number | null;
  /** For people: what is wrong and where ('line 4: y coordinate (columns 39-46) is ...'). */
  detail: string;
}

export interface Atom {
  /** Element symbol, upper case ('C', 'ZN'); '' when the format does not say. */
  element: string;
  x: number;
  y: number;
  z: number;
  /** 1-based line of the file. */
  line: number;
}

export interface StructureRecord<A extends Atom = Atom> {
  /** 1-based position in the file. */
  index: number;
  /** The record's own name (SDF title line, MOL2 molecule name, SMILES name); '' when none. */
  title: string;
  /** 1-based line the record starts on. */
  line: number;
  /** The record's lines as written (SDF records end with their '$$$$' line), '\n' endings. */
  text: string;
  /** Atoms with coordinates (none for SMILES). */
  atoms: A[];
  /** Heavy atoms (not H or D): counted from `atoms`, or by RDKit for SMILES. */
  heavyAtoms: number;
}

export interface ReadResult<R extends StructureRecord = StructureRecord> {
  records: R[];
  /** Problems in file order; empty when the file reads cleanly. */
  errors: ReadError[];
}

export const readError = (reason: ReadProblem, detail: string, line: number | null = null): ReadError => ({
  reason,
  line,
  detail,
});

/**
 * The largest |coordinate| in Å a structure file may hold (the contract's COORDINATE_MAX,
 * docs/decisions.md "Validation bounds"). PDB's 8.3 columns stop at 9999.999, and no molecule,
 * complex or assembly in any format reaches 1e4 Å from its origin: a value beyond is a writer's
 * garbage (1e308, an overflowed float), which would poison box centres, grids and Vina.
 */
export const COORDINATE_LIMIT = 10_000;

/** The problem of one coordinate (`text` as written), or null: not a finite number, or beyond COORDINATE_LIMIT. */
export function coordinateProblem(
  where: string,
  axis: string,
  text: string,
  value: number,
  line: number,
): ReadError | null {
  if (!Number.isFinite(value))
    return readError('malformed', `${where}: ${axis} coordinate '${text}' is not a number`, line);
  if (Math.abs(value) > COORDINATE_LIMIT) {
    return readError(
      'malformed',
      `${where}: ${axis} coordinate ${text} is beyond ±${COORDINATE_LIMIT} Å, further than any structure reaches`,
      line,
    );
  }
  return null;
}

/** The first problem of an atom's x, y and z (texts as written), or null. */
export function coordinatesProblem(where: string, texts: readonly string[], line: number): ReadError | null {
  for (const [i, axis] of ['x', 'y', 'z'].entries()) {
    const text = (texts[i] ?? '').trim();
    const problem = coordinateProblem(where, axis, text, text === '' ? Number.NaN : Number(text), line);
    if (problem) return problem;
  }
  return null;
}

export const isHeavy = (element: string): boolean => element !== 'H' && element !== 'D';

export const heavyAtomCount = (atoms: readonly Atom[]): number => atoms.filter((a) => isHeavy(a.element)).length;
