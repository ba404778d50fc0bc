/** Reading Vina's results: scores of the poses in an output PDBQT, and its error lines. */
import { splitLines } from '../../chem/text';

/** Scores (kcal/mol) of the models of a Vina output PDBQT, in file order (best first). */
export function vinaScores(pdbqt: string): number[] {
  const scores: number[] = [];
  for (const line of splitLines(pdbqt)) {
    const match = /^REMARK VINA RESULT:\s+(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/.exec(line);
    if (match) scores.push(Number(match[1]));
  }
  return scores;
}

/** The lines of Vina's output that say what went wrong (it prints errors after the banner). */
export function vinaError(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /error|cannot|could not|invalid|not a valid|unknown|exception/i.test(l));
  return (lines.join(' ') || output.trim().split('\n').slice(-3).join(' ')).slice(0, 500);
}
