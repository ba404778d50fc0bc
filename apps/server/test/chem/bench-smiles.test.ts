import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalSmiles, connectivitySmiles, convert, getRDKit, toMol2, toSmiles } from '../../src/chem/index';
// The splitting algorithm itself, in-process (the index runs it in a worker thread).
import { splitPdb } from '../../src/chem/pdb-split';
import { BENCH_DIR, benchLigands, readBench } from './bench-data';

/**
 * Canonical SMILES of the bench ligands, three ways:
 * 1. toSmiles against RDKit itself (MinimalLib, called directly) and against an
 *    independent RDKit build (Debian's python3-rdkit 2022.09, whose SMILES is
 *    re-canonicalised by MinimalLib since canonical forms differ between releases);
 * 2. round trips through the other formats via Open Babel;
 * 3. the 5x72 ligand as split out of the full PDB entry, against its SDF.
 */

const sdfLigands = benchLigands.filter((l) => l.ext === 'sdf');

/** Debian RDKit's canonical SMILES of each file (hydrogens removed), or the failure text. */
function pythonRdkitSmiles(files: string[]): Record<string, string> {
  const script = `
import json, sys
from rdkit import Chem
out = {}
for path in json.load(sys.stdin):
    mol = Chem.MolFromMol2File(path) if path.endswith('.mol2') else Chem.MolFromMolFile(path)
    out[path] = Chem.MolToSmiles(mol) if mol is not None else 'UNREADABLE'
print(json.dumps(out))
`;
  const result = spawnSync('/usr/bin/python3', ['-c', script], { input: JSON.stringify(files), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`python3-rdkit failed: ${result.stderr || result.error?.message}`);
  return JSON.parse(result.stdout) as Record<string, string>;
}

describe('canonical SMILES of the bench ligands', () => {
  let python: Record<string, string> = {};
  beforeAll(() => {
    python = pythonRdkitSmiles(benchLigands.map((l) => resolve(BENCH_DIR, l.id, l.file)));
  });

  it.each(sdfLigands)('$id/$file: toSmiles equals RDKit’s canonical SMILES of the SDF', async ({ id, file }) => {
    const sdf = readBench(id, file);
    const { smiles } = await toSmiles('sdf', sdf);
    const rdkit = await getRDKit();
    const mol = rdkit.get_mol(sdf, JSON.stringify({ removeHs: true }))!;
    const direct = mol.get_smiles();
    mol.delete();
    expect(smiles).toBe(direct);
    const independent = python[resolve(BENCH_DIR, id, file)]!;
    expect(await canonicalSmiles(independent)).toBe(smiles);
  });

  it('bace1 MOL2 (Open Babel to SDF to RDKit) agrees with Debian RDKit’s own MOL2 reader', async () => {
    const { smiles } = await toSmiles('mol2', readBench('bace1', 'ligand.mol2'));
    expect(await canonicalSmiles(python[resolve(BENCH_DIR, 'bace1', 'ligand.mol2')]!)).toBe(smiles);
    // 87 atoms in the file, 38 of them heavy; a 14-membered macrocycle with five stereocentres.
    expect(smiles.match(/@/g)?.length).toBe(5);
  });
});

describe('round trips through Open Babel formats', () => {
  // SDF -> MOL2 (with hydrogens, as toMol2 writes it) -> SMILES. 1uou differs only by
  // the E/Z geometry its explicit imine hydrogen now defines ([H]/N=C1/...).
  it.each(sdfLigands)('$id/$file: MOL2 round trip keeps the canonical SMILES', async ({ id, file }) => {
    const sdf = readBench(id, file);
    const reference = (await toSmiles('sdf', sdf)).smiles;
    const back = (await toSmiles('mol2', await toMol2('sdf', sdf))).smiles;
    if (id === '1uou') {
      expect(back).toBe('[H]/N=C1/CCCN1Cc1[nH]c(=O)[nH]c(=O)c1Cl');
      expect(await connectivitySmiles(back)).toBe(await connectivitySmiles(reference));
    } else {
      expect(back).toBe(reference);
    }
  });

  // XYZ has no bonds, no bond orders and no charges: Open Babel perceives them all
  // from coordinates. With every hydrogen present the result is exact for all but
  // 1ia1, including the protonated piperazine of 1iep and the quaternary ammoniums of
  // 2ha2, which come back as four-valent nitrogens and are read as ammonium cations.
  it.each(sdfLigands)('$id/$file: XYZ with hydrogens gives the same canonical SMILES', async ({ id, file }) => {
    const sdf = readBench(id, file);
    const reference = (await toSmiles('sdf', sdf)).smiles;
    const back = (await toSmiles('xyz', await convert(sdf, 'sdf', 'xyz', { addHydrogens: true }))).smiles;
    if (id === '1ia1') {
      // Open Babel makes C4 of the 2,4-diaminoquinazoline an sp3 CH.
      expect(back).toBe('NC1=N[C@H](N)c2c(cccc2Sc2ccccc2)N1');
      expect(await connectivitySmiles(back)).toBe(await connectivitySmiles(reference));
    } else {
      expect(back).toBe(reference);
    }
  });

  // PDBQT keeps polar hydrogens only, so bond orders are perceived from heavy-atom
  // geometry. That is right for most ligands and wrong or impossible for some; the
  // exceptions are listed so a change in Open Babel's perception shows up here.
  const pdbqtExceptions: Record<string, 'connectivity' | 'fails'> = {
    '1ia1': 'connectivity', // the aminoquinazoline gets an sp3 carbon
    '1of6': 'connectivity', // the phenol ring becomes a cyclohexadienone
    '1s3v': 'connectivity', // geometry says aromatic pyrimidine; the SDF says otherwise (see below)
    '1iep': 'fails', // a pyrimidine carbon is left a radical that RDKit refuses
  };
  it.each(sdfLigands)('$id/$file: PDBQT round trip (heavy-atom perception)', async ({ id, file }) => {
    const sdf = readBench(id, file);
    const reference = (await toSmiles('sdf', sdf)).smiles;
    const pdbqt = await convert(sdf, 'sdf', 'pdbqt', { addHydrogens: true });
    const expected = pdbqtExceptions[id];
    if (expected === 'fails') {
      await expect(toSmiles('pdbqt', pdbqt)).rejects.toMatchObject({ code: 'conversionFailed' });
      return;
    }
    const back = (await toSmiles('pdbqt', pdbqt)).smiles;
    if (expected === 'connectivity') {
      expect(back).not.toBe(reference);
      expect(await connectivitySmiles(back)).toBe(await connectivitySmiles(reference));
    } else {
      expect(back).toBe(reference);
    }
  });
});

describe('data findings on the bench ligands', () => {
  it('1s3v: the reference SDF draws the pyrimidine C2 as an sp3 stereocentre its geometry denies', async () => {
    const sdf = readBench('1s3v', 'ligand.sdf');
    const fromBonds = (await toSmiles('sdf', sdf)).smiles;
    expect(fromBonds).toContain('N[C@@H](N)N'); // an aminal CH, tetrahedral by the file's bonds
    // The same coordinates without the file's bonds (XYZ, heavy atoms only): a planar,
    // aromatic 2,4-diaminopyrimidine, i.e. the tetrahydroquinazoline the ligand is.
    const fromGeometry = (await toSmiles('xyz', await convert(sdf, 'sdf', 'xyz'))).smiles;
    expect(fromGeometry).toBe('COc1cc(N(C)C[C@@H]2CCc3nc(N)nc(N)c3C2)cc(OC)c1OC');
    expect(await connectivitySmiles(fromGeometry)).toBe(await connectivitySmiles(fromBonds));
  });

  it('1uou: the reference is the neutral imine; at pH 7.4 Open Babel makes it an amidinium', async () => {
    const sdf = readBench('1uou', 'ligand.sdf');
    expect((await toSmiles('sdf', sdf)).smiles).toBe('N=C1CCCN1Cc1[nH]c(=O)[nH]c(=O)c1Cl');
    const protonated = await convert(sdf, 'sdf', 'sdf', { pH: 7.4 });
    const smiles = (await toSmiles('sdf', protonated)).smiles;
    expect(smiles).toBe('[NH2+]=C1CCCN1Cc1[nH]c(=O)[nH]c(=O)c1Cl');
    // Same heavy-atom graph, different charge and hydrogen count: poses of the prepared
    // ligand cannot be matched atom-for-atom (with hydrogens) against this reference.
    expect(await connectivitySmiles(smiles)).toBe(await connectivitySmiles(sdf));
  });

  it('1of6: named DTY (D-tyrosine) but its coordinates have the (S), i.e. L, configuration', async () => {
    // N[C@@H](Cc1ccc(O)cc1)C(=O)O is L-tyrosine (S); D-tyrosine is N[C@H](...).
    const sdf = readBench('1of6', 'ligand.sdf');
    expect(sdf.split('\n')[0]).toBe('DTY');
    expect((await toSmiles('sdf', sdf)).smiles).toBe(await canonicalSmiles('N[C@@H](Cc1ccc(O)cc1)C(=O)O'));
  });
});

describe('the 5x72 ligands split out of the full PDB entry', () => {
  const split = splitPdb(readBench('5x72', 'raw_5x72.pdb'), '5x72');
  const p59 = split.ligands.find((l) => l.resName === 'P59')!;
  const p69 = split.ligands.find((l) => l.resName === 'P69')!;
  const sdf = readBench('5x72', 'ligand.sdf');

  const heavyFormula = (elements: string[]) => {
    const counts = new Map<string, number>();
    for (const e of elements.filter((e) => e !== 'H')) counts.set(e, (counts.get(e) ?? 0) + 1);
    return [...counts]
      .sort()
      .map(([e, n]) => `${e}${n}`)
      .join('');
  };
  const pdbElements = (pdb: string) =>
    pdb
      .split('\n')
      .filter((l) => l.startsWith('HETATM'))
      .map((l) => l.slice(76, 78).trim().toUpperCase());
  const sdfElements = (text: string) => {
    const lines = text.split('\n');
    const atoms = Number(lines[3]!.slice(0, 3));
    return lines.slice(4, 4 + atoms).map((l) => l.slice(31, 34).trim().toUpperCase());
  };

  // A PDB has no bond orders and here no hydrogens, so identity is checked at the
  // level the PDB can support, three ways: (1) heavy-atom count and element formula;
  // (2) the heavy-atom graph built only from interatomic distances (covalent radii
  // + 0.45 Å, no Open Babel involved) against the SDF's bond table, both reduced by
  // connectivitySmiles to all-single bonds without charges, H counts or stereo;
  // (3) the full canonical SMILES after Open Babel perceives bond orders from the
  // PDB coordinates, which for this ligand also recovers the (R) centre.
  it('has the SDF’s heavy-atom count and formula', () => {
    expect(pdbElements(p59.content)).toHaveLength(24);
    expect(heavyFormula(pdbElements(p59.content))).toBe(heavyFormula(sdfElements(sdf)));
    expect(heavyFormula(pdbElements(p59.content))).toBe('C20F1N2O1');
  });

  it('has the SDF’s heavy-atom connectivity, with bonds taken from distances alone', async () => {
    const radius: Record<string, number> = { C: 0.76, N: 0.71, O: 0.66, F: 0.57 };
    const atoms = p59.content
      .split('\n')
      .filter((l) => l.startsWith('HETATM'))
      .map((l) => ({
        el: l.slice(76, 78).trim(),
        x: Number(l.slice(30, 38)),
        y: Number(l.slice(38, 46)),
        z: Number(l.slice(46, 54)),
      }));
    const bonds: [number, number][] = [];
    atoms.forEach((a, i) => {
      atoms.forEach((b, j) => {
        const d = Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
        if (j > i && d <= radius[a.el]! + radius[b.el]! + 0.45) bonds.push([i + 1, j + 1]);
      });
    });
    expect(bonds).toHaveLength(27); // the SDF's bond count
    const pad = (v: number | string, w: number) => String(v).padStart(w);
    const molblock = [
      'geometry',
      '',
      '',
      `${pad(atoms.length, 3)}${pad(bonds.length, 3)}  0  0  0  0  0  0  0  0999 V2000`,
      ...atoms.map(
        (a) =>
          `${a.x.toFixed(4).padStart(10)}${a.y.toFixed(4).padStart(10)}${a.z.toFixed(4).padStart(10)} ${a.el.padEnd(3)} 0  0  0  0  0  0  0  0  0  0  0  0`,
      ),
      ...bonds.map(([a, b]) => `${pad(a, 3)}${pad(b, 3)}  1  0`),
      'M  END',
    ].join('\n');
    const fromDistances = await connectivitySmiles(molblock);
    expect(fromDistances).not.toBeNull();
    expect(fromDistances).toBe(await connectivitySmiles(sdf));
  });

  it('gives the SDF’s full canonical SMILES, stereo included, once Open Babel perceives bond orders', async () => {
    const fromPdb = (await toSmiles('pdb', p59.content)).smiles;
    expect(fromPdb).toBe((await toSmiles('sdf', sdf)).smiles);
    expect(fromPdb).toBe('O=C1c2ccccc2N[C@@H](c2ccccc2F)N1c1ccccc1');
    // P69, the other copy in the entry, is the enantiomer: same graph, opposite centre.
    const other = (await toSmiles('pdb', p69.content)).smiles;
    expect(other).toBe((await toSmiles('sdf', readBench('5x72', 'ligand2_p69.sdf'))).smiles);
    expect(other).not.toBe(fromPdb);
    expect(await connectivitySmiles(other)).toBe(await connectivitySmiles(fromPdb));
  });
});
