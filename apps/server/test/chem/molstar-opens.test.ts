import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Task } from 'molstar/lib/mol-task/index.js';
import { describe, expect, it } from 'vitest';
import { validateStructure } from '../../src/chem/formats';
import { readStructure } from '../../src/chem/readers/index';
import {
  ASPIRIN_SDF,
  COMPLEX_PDB,
  METHANOL_MOL2,
  MINI_CIF,
  TWO_RECORD_SDF,
  WATER_XYZ,
} from '../../src/chem/test-fixtures';
import { benchLigands, benchPdbs, readBench } from './bench-data';

/**
 * "The server accepts it" must mean "Med View can open it": every file our readers
 * accept, Mol* (the viewer's own readers and model building, run here in Node) opens
 * with the same atoms. Mol* is more lenient than our readers (it opens a truncated SDF,
 * a PDB with a letter in a coordinate), so the check runs this one way
 * (docs/decisions.md, "Mol* readers").
 */
const fixture = (name: string) =>
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../fixtures', name), 'utf8');

type Model = { atomicHierarchy: { atoms: { _rowCount: number } } };
type Trajectory = { frameCount: number; getFrameAtIndex(i: number): unknown };

async function atomsPerModel(trajectory: Trajectory): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < trajectory.frameCount; i++) {
    const model = (await Task.resolveInContext(trajectory.getFrameAtIndex(i) as Task<Model>)) as Model;
    out.push(model.atomicHierarchy.atoms._rowCount);
  }
  return out;
}

/** Atoms Mol* builds: the first model of a PDB or mmCIF, every record of an SDF, MOL2 or XYZ. */
async function molstarAtoms(format: string, text: string): Promise<number> {
  const fail = (message: string) => {
    throw new Error(`Mol* cannot open it: ${message}`);
  };
  if (format === 'pdb') {
    const { parsePDB } = await import('molstar/lib/mol-io/reader/pdb/parser.js');
    const { trajectoryFromPDB } = await import('molstar/lib/mol-model-formats/structure/pdb.js');
    const parsed = await parsePDB(text, 'x').run();
    if (parsed.isError) return fail(parsed.message);
    return (await atomsPerModel(await trajectoryFromPDB(parsed.result).run()))[0] ?? 0;
  }
  if (format === 'cif') {
    const { CIF } = await import('molstar/lib/mol-io/reader/cif.js');
    const { trajectoryFromMmCIF } = await import('molstar/lib/mol-model-formats/structure/mmcif.js');
    const parsed = await CIF.parse(text).run();
    if (parsed.isError) return fail(parsed.message);
    return (await atomsPerModel(await trajectoryFromMmCIF(parsed.result.blocks[0]!).run()))[0] ?? 0;
  }
  if (format === 'sdf') {
    const { parseSdf } = await import('molstar/lib/mol-io/reader/sdf/parser.js');
    const { trajectoryFromSdf } = await import('molstar/lib/mol-model-formats/structure/sdf.js');
    const parsed = await parseSdf(text).run();
    if (parsed.isError) return fail(parsed.message);
    let atoms = 0;
    for (const compound of parsed.result.compounds) {
      atoms += (await atomsPerModel(await trajectoryFromSdf(compound).run())).reduce((a, b) => a + b, 0);
    }
    return atoms;
  }
  if (format === 'mol2') {
    const { parseMol2 } = await import('molstar/lib/mol-io/reader/mol2/parser.js');
    const { trajectoryFromMol2 } = await import('molstar/lib/mol-model-formats/structure/mol2.js');
    const parsed = await parseMol2(text, 'x').run();
    if (parsed.isError) return fail(parsed.message);
    return (await atomsPerModel(await trajectoryFromMol2(parsed.result).run())).reduce((a, b) => a + b, 0);
  }
  const { parseXyz } = await import('molstar/lib/mol-io/reader/xyz/parser.js');
  const { trajectoryFromXyz } = await import('molstar/lib/mol-model-formats/structure/xyz.js');
  const parsed = await parseXyz(text).run();
  if (parsed.isError) return fail(parsed.message);
  return (await atomsPerModel(await trajectoryFromXyz(parsed.result).run())).reduce((a, b) => a + b, 0);
}

type Format = 'pdb' | 'cif' | 'sdf' | 'mol2' | 'xyz';
const files: (readonly [string, Format, () => string])[] = [
  ...benchPdbs.map(({ label, id, file }) => [label, 'pdb' as Format, () => readBench(id, file)] as const),
  ...benchLigands.map(({ id, file, ext }) => [`${id}/${file}`, ext as Format, () => readBench(id, file)] as const),
  ['1a8o.pdb', 'pdb', () => fixture('1a8o.pdb')],
  ['1a8o.cif', 'cif', () => fixture('1a8o.cif')],
  ['2n0n_model1.pdb', 'pdb', () => fixture('2n0n_model1.pdb')],
  ['7ddo_zinc_site.pdb', 'pdb', () => fixture('7ddo_zinc_site.pdb')],
  ['aspirin (2D SDF)', 'sdf', () => ASPIRIN_SDF],
  ['two-record SDF', 'sdf', () => TWO_RECORD_SDF],
  ['methanol MOL2', 'mol2', () => METHANOL_MOL2],
  ['water XYZ', 'xyz', () => WATER_XYZ],
  ['mini mmCIF', 'cif', () => MINI_CIF],
  ['test complex PDB', 'pdb', () => COMPLEX_PDB],
];

describe.each(files)('%s', (_label, format, read) => {
  it('is accepted by the server and opened by Mol* with the same atoms', async () => {
    const text = read();
    expect(await validateStructure(format, text)).toMatchObject({ ok: true });
    const ours = (await readStructure(format, text)).records;
    const expected =
      format === 'pdb' || format === 'cif' ? ours[0]!.atoms.length : ours.reduce((s, r) => s + r.atoms.length, 0);
    expect(await molstarAtoms(format, text)).toBe(expected);
  });
});
