import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ObabelError, runObabel } from '../../src/chem/index';
import { isHydrogen } from '../../src/chem/pdb-records';
import { readPdb } from '../../src/chem/readers/pdb';
import { readPdbqt } from '../../src/chem/readers/pdbqt';
import { assembleReceptorPdbqt, cleanReceptor, receptorObabelArgs } from '../../src/chem/receptor';
import { BINDING_SITE_METALS } from '../../src/chem/residues';
import { phosphorylate } from '../support/modified-residues';
import { readBench } from './bench-data';

/**
 * Receptor PDBQTs of proteins with metals and modified residues, made by the real Open
 * Babel with the docking job's command and read by the real Vina 1.2.3. Inputs: 1s63
 * (farnesyltransferase, a zinc in the site), 7ztl (two magnesium ions), 7DDO's zinc site
 * (ACE2, His-His-Glu zinc; test/fixtures), 1A8O (selenomethionines; test/fixtures) and
 * 1A8O with a phosphoserine and a phosphothreonine built on it.
 */
const fixture = (name: string) =>
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../fixtures', name), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'medx-receptor-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Open Babel's PDBQT of `pdb` with the docking job's arguments (throws ObabelError when it converts nothing). */
async function obabelReceptor(pdb: string): Promise<string> {
  const result = await runObabel(receptorObabelArgs('receptor_clean.pdb', 'receptor.pdbqt'), {
    files: { 'receptor_clean.pdb': pdb },
    outputs: ['receptor.pdbqt'],
  });
  return result.files['receptor.pdbqt'] ?? '';
}

async function receptorOf(pdb: string) {
  const clean = cleanReceptor(pdb);
  const pdbqt = assembleReceptorPdbqt(await obabelReceptor(clean.polymerPdb), clean);
  return { clean, pdbqt };
}

const key = (a: { x: number; y: number; z: number }) => `${a.x.toFixed(3)} ${a.y.toFixed(3)} ${a.z.toFixed(3)}`;

/** Every heavy atom of the cleaned receptor (polymer and metals) is an atom of the PDBQT, at the same place. */
function expectEveryHeavyAtom(cleanPdb: string, pdbqt: string) {
  const expected = readPdb(cleanPdb).records[0]!.atoms.filter((a) => !isHydrogen(a.element));
  const present = new Set(readPdbqt(pdbqt).records[0]!.atoms.map(key));
  expect(expected.filter((a) => !present.has(key(a))).map((a) => a.text)).toEqual([]);
  expect(readPdbqt(pdbqt).records[0]!.heavyAtoms).toBe(expected.length);
}

let probeCount = 0;
/**
 * Vina's score (kcal/mol) of a methanol-like probe whose oxygen sits 2.2 Å from `metal`,
 * pointing away from the atoms around it; throws with Vina's words when it refuses the receptor.
 */
function probeScore(pdbqt: string, metal: { x: number; y: number; z: number }): number {
  const atoms = readPdbqt(pdbqt).records[0]!.atoms;
  const at = [metal.x, metal.y, metal.z];
  const around = atoms.filter(
    (a) => !isHydrogen(a.element) && Math.hypot(a.x - at[0]!, a.y - at[1]!, a.z - at[2]!) < 3 && key(a) !== key(metal),
  );
  const centre = [0, 1, 2].map((k) => around.reduce((s, a) => s + [a.x, a.y, a.z][k]!, 0) / around.length);
  const d = at.map((v, k) => v - centre[k]!);
  const n = Math.hypot(...d);
  const point = (r: number) => at.map((v, k) => (v + (r * d[k]!) / n).toFixed(3).padStart(8)).join('');
  const probe = [
    'ROOT',
    `ATOM      1  C   LIG L   1    ${point(3.63)}  0.00  0.00    +0.000 C `,
    `ATOM      2  O   LIG L   1    ${point(2.2)}  0.00  0.00    +0.000 OA`,
    'ENDROOT',
    'TORSDOF 0',
    '',
  ].join('\n');
  const n0 = ++probeCount;
  writeFileSync(join(work, `receptor${n0}.pdbqt`), pdbqt);
  writeFileSync(join(work, `probe${n0}.pdbqt`), probe);
  const run = spawnSync(
    'vina',
    ['--receptor', `receptor${n0}.pdbqt`, '--ligand', `probe${n0}.pdbqt`, '--score_only', '--autobox'],
    { cwd: work, encoding: 'utf8' },
  );
  const match = /Estimated Free Energy of Binding\s*:\s*(-?[\d.]+)/.exec(run.stdout);
  if (run.status !== 0 || !match) throw new Error(`vina refused the receptor: ${run.stdout} ${run.stderr}`);
  return Number(match[1]);
}

const metalLines = (pdbqt: string) => pdbqt.split('\n').filter((l) => l.startsWith('HETATM'));

describe('the cause: Open Babel bonds a metal to its ligands and then writes no receptor', () => {
  it.each([
    ['1s63 (Zn)', () => readBench('1s63', 'receptor.pdb')],
    ['7ztl (Mg)', () => readBench('7ztl', 'receptor.pdb')],
  ])('%s: the polymer with its metals converts to nothing', async (_label, read) => {
    const clean = cleanReceptor(read());
    expect(clean.metals.length).toBeGreaterThan(0);
    const withMetals = clean.pdb;
    const error = await obabelReceptor(withMetals).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObabelError);
    expect((error as ObabelError).stderr).toMatch(/Failed to kekulize/);
  });
});

describe('receptors with metals, as docking prepares them', () => {
  it.each([
    ['1s63', () => readBench('1s63', 'receptor.pdb'), ['Zn']],
    ['7ztl', () => readBench('7ztl', 'receptor.pdb'), ['Mg', 'Mg']],
    ['7DDO zinc site', () => fixture('7ddo_zinc_site.pdb'), ['Zn']],
  ])('%s: every heavy atom and each metal with its type; Vina reads it', async (_label, read, types) => {
    const { clean, pdbqt } = await receptorOf(read());
    expectEveryHeavyAtom(clean.pdb, pdbqt);
    expect(metalLines(pdbqt).map((l) => l.slice(77, 79).trim())).toEqual(types);
    expect(Number.isFinite(probeScore(pdbqt, clean.metals[0]!.atom))).toBe(true);
  });

  it('types every binding-site metal so that Vina accepts it and scores it (the zinc of 7DDO swapped for each)', async () => {
    const site = fixture('7ddo_zinc_site.pdb');
    const zinc = site.split('\n').find((l) => l.startsWith('HETATM') && l.slice(17, 20) === ' ZN')!;
    const withoutMetal = site.replace(`${zinc}\n`, '');
    const { pdbqt: bare } = await receptorOf(withoutMetal);
    for (const [resName, type] of BINDING_SITE_METALS) {
      const element = resName.replace(/\d$/, '');
      const metal = `${zinc.slice(0, 12)}${element.padEnd(4)} ${resName.padStart(3)}${zinc.slice(20, 76)}${element.padStart(2)}`;
      const { clean, pdbqt } = await receptorOf(site.replace(zinc, metal));
      expectEveryHeavyAtom(clean.pdb, pdbqt);
      expect(
        metalLines(pdbqt).map((l) => l.slice(77, 79).trim()),
        resName,
      ).toEqual([type]);
      // Vina treats every metal as a hydrogen-bond donor: the probe's oxygen scores better with it than without.
      const atom = clean.metals[0]!.atom;
      expect(probeScore(pdbqt, atom), resName).toBeLessThan(probeScore(bare, atom));
    }
  }, 120_000);
});

describe('receptors with modified residues', () => {
  it('keeps the selenomethionines of 1A8O (Open Babel gets their selenium as sulfur)', async () => {
    const { clean, pdbqt } = await receptorOf(fixture('1a8o.pdb'));
    expect(readPdb(clean.pdb).records[0]!.atoms.filter((a) => a.element === 'SE' && a.resName === 'MSE')).toHaveLength(
      4,
    );
    expectEveryHeavyAtom(clean.pdb, pdbqt);
  });

  it('keeps a phosphoserine (listed in MODRES) and a phosphothreonine (known by name)', async () => {
    const pdb = phosphorylate(fixture('1a8o.pdb'), [
      { chain: 'A', resSeq: 178, modres: true },
      { chain: 'A', resSeq: 200 },
    ]);
    const { clean, pdbqt } = await receptorOf(pdb);
    const phosphorus = readPdb(clean.pdb).records[0]!.atoms.filter((a) => a.element === 'P');
    expect(phosphorus.map((a) => a.resName)).toEqual(['SEP', 'TPO']);
    expectEveryHeavyAtom(clean.pdb, pdbqt);
  });
});
