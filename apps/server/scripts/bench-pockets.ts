/**
 * Cavity detection against the bench complexes (../shared/bench): for each receptor,
 * is the crystal ligand's centroid inside the top-1 / a top-3 proposed box?
 *
 *   npx tsx apps/server/scripts/bench-pockets.ts [--probe 1.4 --minBuriedness 10 ...]
 *
 * Options are CavityOptions fields; prints one line per complex, then the rates.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CavityOptions, detectCavities, insideBox } from '../src/modules/pockets/cavity';
import { cavityAtoms } from '../src/modules/pockets/pocket-geometry';
import { ligandHeavyAtoms, pdbAtoms, receptorHeavyAtoms } from '../src/modules/pockets/structure-atoms';

const bench = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/bench');
const options: Partial<CavityOptions> = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const name = argv[i]!.replace(/^--/, '') as keyof CavityOptions;
  options[name] = Number(argv[i + 1]);
}

let top1 = 0;
let top3 = 0;
let total = 0;
let slowest = 0;
let dcc1 = 0;
let dcc3 = 0;
for (const id of readdirSync(bench).sort()) {
  const dir = join(bench, id);
  if (!existsSync(join(dir, 'receptor.pdb'))) continue;
  const ligandFile = existsSync(join(dir, 'ligand.sdf')) ? 'ligand.sdf' : 'ligand.mol2';
  const ligand = await ligandHeavyAtoms(ligandFile.split('.')[1]!, readFileSync(join(dir, ligandFile), 'utf8'));
  const c = [0, 1, 2].map((a) => ligand.reduce((s, p) => s + [p.x, p.y, p.z][a]!, 0) / ligand.length) as [
    number,
    number,
    number,
  ];
  const receptor = receptorHeavyAtoms(pdbAtoms(readFileSync(join(dir, 'receptor.pdb'), 'utf8')));
  const start = performance.now();
  const pockets = detectCavities(cavityAtoms(receptor), options);
  const ms = performance.now() - start;
  slowest = Math.max(slowest, ms);
  const hit = pockets.findIndex((p) => insideBox(p.pocket, ...c)) + 1;
  // DCC: distance from the best-ranked cavity centroid near the ligand (the usual success measure: < 4 Å).
  const dcc = pockets.map((p) => Math.hypot(p.centroid[0] - c[0], p.centroid[1] - c[1], p.centroid[2] - c[2]));
  const dccRank = dcc.findIndex((d) => d < 4) + 1;
  if (dccRank === 1) dcc1++;
  if (dccRank >= 1 && dccRank <= 3) dcc3++;
  total++;
  if (hit === 1) top1++;
  if (hit >= 1 && hit <= 3) top3++;
  const sizes = pockets
    .slice(0, 3)
    .map((p) => `${p.pocket.size_x}x${p.pocket.size_y}x${p.pocket.size_z}`)
    .join(' ');
  console.log(
    `${id.padEnd(6)} atoms ${String(receptor.length).padStart(5)}  ${ms.toFixed(0).padStart(5)} ms  box hit rank ${hit || '-'}  DCC<4 rank ${dccRank || '-'}  top-3 boxes ${sizes}`,
  );
}
console.log(
  `centroid in box: top-1 ${top1}/${total}, top-3 ${top3}/${total}; DCC < 4 Å: top-1 ${dcc1}/${total}, top-3 ${dcc3}/${total}; slowest ${slowest.toFixed(0)} ms`,
);
