/** Reading molecule text without a toolkit: what kind of input it is, and its first SMILES. */

/** True for a V2000/V3000 molblock (or an SDF record), false for a SMILES line. */
export function looksLikeMolblock(input: string): boolean {
  return /\n/.test(input.trim()) && /^M {2}END\s*$/m.test(input);
}

/** The first SMILES of a SMILES text: first token of the first non-empty, non-comment line. */
export function firstSmilesToken(input: string): string {
  for (const line of input.split(/\r?\n|\r/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    return trimmed.split(/\s+/)[0] ?? '';
  }
  return '';
}
