/** Reading Vina's results: scores of the poses in an output PDBQT, and its error lines. */
import { splitLines } from '../../chem/text';

const NUMBER = String.raw`(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)`;
const TERMS = {
  score: new RegExp(String.raw`^REMARK VINA RESULT:\s+${NUMBER}`),
  interIntra: new RegExp(String.raw`^REMARK INTER \+ INTRA:\s+${NUMBER}`),
  intra: new RegExp(String.raw`^REMARK INTRA:\s+${NUMBER}`),
  unbound: new RegExp(String.raw`^REMARK UNBOUND:\s+${NUMBER}`),
};
type Model = Partial<Record<keyof typeof TERMS, number>>;
/** The terms are printed with three decimals: closer than this, two energies agree. */
const AGREE = 0.002;

function models(pdbqt: string): Model[] {
  const found: Model[] = [];
  for (const line of splitLines(pdbqt)) {
    for (const [key, pattern] of Object.entries(TERMS) as [keyof typeof TERMS, RegExp][]) {
      const match = pattern.exec(line);
      if (!match) continue;
      if (key === 'score') found.push({});
      const model = found.at(-1);
      if (model) model[key] = Number(match[1]);
    }
  }
  return found;
}

/**
 * Affinities (kcal/mol) of the models of a Vina output PDBQT, in file order (best first), with
 * Vina 1.2.3's unbound-energy bug undone. Vina reports (inter + intra − unbound) / (1 + w·torsions)
 * with the best pose's intramolecular energy as "unbound"; 1.2.3 (Debian 12's) computes that
 * energy differently for some ligands (AutoDock-Vina issue #200, fixed upstream after 1.2.3) and
 * then reports, say, −27.9 kcal/mol for a pose `vina --score_only` scores −10.0. Every model
 * carries its terms, so the fixed affinity is recovered: the factor is a reported affinity over
 * (inter + intra − unbound), the same for every model, and the best pose's intramolecular energy
 * stands for the unbound one. Outputs without the terms, or whose energies agree, are read as
 * they are. The screening chunk program does the same in Python (medx_chem/vina_results.py).
 */
export function vinaScores(pdbqt: string): number[] {
  const all = models(pdbqt);
  const scores = all.map((m) => m.score!);
  const complete = all.every((m) => m.interIntra !== undefined && m.intra !== undefined && m.unbound !== undefined);
  if (all.length === 0 || !complete) return scores;
  const bestIntra = all[0]!.intra!;
  const unbound = all[0]!.unbound!;
  if (Math.abs(unbound - bestIntra) <= AGREE) return scores;
  // The model farthest from the unbound energy gives the factor with the least rounding in it.
  const spread = (m: Model) => Math.abs(m.interIntra! - unbound);
  const widest = all.reduce((a, b) => (spread(b) > spread(a) ? b : a));
  if (spread(widest) < 0.1) return scores;
  const factor = widest.score! / (widest.interIntra! - unbound);
  return all.map((m) => Math.round(factor * (m.interIntra! - bestIntra) * 1000) / 1000);
}

/** The lines of Vina's output that say what went wrong (it prints errors after the banner). */
export function vinaError(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /error|cannot|could not|invalid|not a valid|unknown|exception/i.test(l));
  return (lines.join(' ') || output.trim().split('\n').slice(-3).join(' ')).slice(0, 500);
}
