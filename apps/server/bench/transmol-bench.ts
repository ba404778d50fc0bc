/**
 * TransMol benchmark (`npm run bench:transmol`, issue 13): the generator (medx_chem.transmol,
 * STONED-SELFIES on Debian's RDKit) run as a job runs it, for 5 seed pairs of known drugs,
 * 100 molecules each (number 100, remain range 0 to 1000, epsilon 0.5, a fixed random seed).
 * Each pair runs with the remain range over the whole pool (0 to number × 10: molecules spread
 * from the most to the least similar) and over its top only (0 to number). For each run it prints the wall time (Python start-up included), molecules per second,
 * validity (sanitisable / decoded strings), uniqueness (distinct / valid), novelty (neither
 * seed / distinct) and the mean Tanimoto similarity of the kept molecules to each seed,
 * against the goal: 100 molecules within 30 s on 2 cores.
 *
 *   npm run bench:transmol        # BENCH_NUMBER=100 BENCH_EPSILON=0.5
 *
 * A measurement, not a test: it exits 0 whether the goal is met or not, and non-zero only
 * when the generator could not run.
 */
import { availableParallelism } from 'node:os';
import { runPython } from '../src/chem/python';

const PAIRS: [string, string, string][] = [
  ['aspirin / salicylamide', 'CC(=O)Oc1ccccc1C(=O)O', 'NC(=O)c1ccccc1O'],
  ['ibuprofen / naproxen', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O', 'COc1ccc2cc(ccc2c1)C(C)C(=O)O'],
  ['caffeine / theophylline', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'Cn1c2nc[nH]c2c(=O)n(C)c1=O'],
  [
    'celecoxib / rofecoxib',
    'Cc1ccc(cc1)-c1cc(nn1-c1ccc(cc1)S(N)(=O)=O)C(F)(F)F',
    'CS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1',
  ],
  [
    'imatinib / nilotinib',
    'Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(n1)-c1cccnc1',
    'Cc1cn(cn1)-c1cc(NC(=O)c2ccc(C)c(Nc3nccc(n3)-c3cccnc3)c2)cc(c1)C(F)(F)F',
  ],
];
const GOAL_SECONDS = 30;
const number = Number(process.env.BENCH_NUMBER ?? 100);
const epsilon = Number(process.env.BENCH_EPSILON ?? 0.5);

interface Answer {
  molecules: { similarity1: number; similarity2: number }[];
  stats: { decoded: number; valid: number; unique: number; novel: number; paths: number };
}

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`);
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(values.length, 1);

async function main() {
  console.log(`bench:transmol: ${number} molecules per pair, epsilon ${epsilon}, ${availableParallelism()} cores\n`);
  const rows: string[][] = [];
  let worst = 0;
  // The remain range's two ends: the whole pool ranked by joint similarity, and only its top.
  const windows: [number, number][] = [
    [0, number * 10],
    [0, number],
  ];
  for (const [[name, smiles1, smiles2], [ge, le]] of PAIRS.flatMap((pair) => windows.map((w) => [pair, w] as const))) {
    const request = {
      smiles1,
      smiles2,
      epsilon,
      number,
      remain_range_ge: ge,
      remain_range_le: le,
      seed: 20261125,
      prefix: 'bench',
    };
    const started = performance.now();
    const result = await runPython('transmol', '-', '-', { input: JSON.stringify(request), timeoutMs: 300_000 });
    const seconds = (performance.now() - started) / 1000;
    if (result.exitCode !== 0) throw new Error(`${name}: the generator failed: ${result.stderr.trim().slice(-500)}`);
    const answer = JSON.parse(result.stdout) as Answer;
    const { decoded, valid, unique, novel } = answer.stats;
    const kept = answer.molecules.length;
    worst = Math.max(worst, seconds);
    rows.push([
      name,
      `${ge}-${le}`,
      String(kept),
      seconds.toFixed(2),
      (kept / seconds).toFixed(1),
      pct(valid, decoded),
      pct(unique, valid),
      pct(novel, unique),
      mean(answer.molecules.map((m) => m.similarity1)).toFixed(3),
      mean(answer.molecules.map((m) => m.similarity2)).toFixed(3),
    ]);
  }
  const header = [
    'seed pair',
    'remain',
    'kept',
    'seconds',
    'mol/s',
    'validity',
    'uniqueness',
    'novelty',
    'sim seed 1',
    'sim seed 2',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    `\nslowest pair: ${worst.toFixed(2)} s for ${number} molecules (goal: within ${GOAL_SECONDS} s): ${worst <= GOAL_SECONDS ? 'met' : 'NOT met'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
