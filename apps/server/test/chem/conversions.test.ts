import { describe, expect, it } from 'vitest';
import {
  canonicalSmiles,
  convert,
  getRDKit,
  mergeToPdb,
  smilesImage,
  to3d,
  toMol2,
  toSmiles,
  validateStructure,
} from '../../src/chem/index';
// The splitting algorithm itself, in-process (the index runs it in a worker thread).
import { splitPdb } from '../../src/chem/pdb-split';
import { readBench } from './bench-data';
import { badBonds, parseSdf, type SdfMolecule } from './sdf-geometry';

/** The checks every 3D result must pass: real depth, explicit hydrogens, sane bond lengths. */
function expect3d(molecule: SdfMolecule, hydrogens: number) {
  const zs = molecule.atoms.map((a) => a.z);
  expect(Math.max(...zs) - Math.min(...zs)).toBeGreaterThan(0.5);
  expect(molecule.atoms.filter((a) => a.element === 'H')).toHaveLength(hydrogens);
  // Every hydrogen is bonded (explicit, not just present).
  molecule.atoms.forEach((atom, i) => {
    if (atom.element === 'H') expect(molecule.bonds.some((b) => b.a === i || b.b === i)).toBe(true);
  });
  expect(badBonds(molecule)).toEqual([]);
}

async function twoDimensional(smiles: string): Promise<string> {
  const rdkit = await getRDKit();
  const mol = rdkit.get_mol(smiles)!;
  mol.set_new_coords();
  const molblock = mol.get_molblock();
  mol.delete();
  return molblock;
}

const PARACETAMOL = 'CC(=O)Nc1ccc(O)cc1';
const NICOTINE = 'CN1CCC[C@H]1c1cccnc1';

describe('to3d', () => {
  it('builds 3D coordinates with hydrogens from a SMILES (Open Babel)', async () => {
    const [molecule, ...rest] = parseSdf(await to3d('smi', `${PARACETAMOL} paracetamol\n`));
    expect(rest).toEqual([]);
    expect3d(molecule!, 9);
  });

  it('(the geometry check itself rejects a structure stretched by 20%)', async () => {
    const molecule = parseSdf(await to3d('smi', `${PARACETAMOL}\n`))[0]!;
    const stretched = {
      ...molecule,
      atoms: molecule.atoms.map((a) => ({ ...a, x: a.x * 1.2, y: a.y * 1.2, z: a.z * 1.2 })),
    };
    expect(badBonds(stretched).length).toBeGreaterThan(0);
  });

  it('builds 3D from a 2D SDF and keeps the molecule and its stereo', async () => {
    const flat = await twoDimensional(NICOTINE);
    expect(parseSdf(flat)[0]!.atoms.every((a) => a.z === 0)).toBe(true);
    const sdf = await to3d('sdf', flat);
    expect3d(parseSdf(sdf)[0]!, 14);
    expect((await toSmiles('sdf', sdf)).smiles).toBe(await canonicalSmiles(NICOTINE));
  });

  it('builds 3D with RDKit ETKDG when asked, and keeps the stereo', async () => {
    const sdf = await to3d('smi', `${NICOTINE}\n${PARACETAMOL} p\n`, { engine: 'rdkit' });
    const [nicotine, paracetamol] = parseSdf(sdf);
    expect3d(nicotine!, 14);
    expect3d(paracetamol!, 9);
    expect((await toSmiles('sdf', sdf.split('$$$$\n')[0]!)).smiles).toBe(await canonicalSmiles(NICOTINE));
  });

  it('falls back to RDKit ETKDG when Open Babel fails', async () => {
    const saved = process.env.MEDX_OBABEL;
    process.env.MEDX_OBABEL = '/nonexistent/obabel';
    try {
      const sdf = await to3d('smi', `${PARACETAMOL}\n`);
      expect(sdf).toContain('RDKit          3D');
      expect3d(parseSdf(sdf)[0]!, 9);
    } finally {
      if (saved === undefined) delete process.env.MEDX_OBABEL;
      else process.env.MEDX_OBABEL = saved;
    }
  });

  it('keeps the coordinates of 3D input and adds hydrogens; regenerates only when asked', async () => {
    const crystal = readBench('5x72', 'ligand.sdf');
    const heavy = parseSdf(crystal)[0]!.atoms;
    const kept = parseSdf(await to3d('sdf', crystal))[0]!;
    expect(kept.atoms.slice(0, heavy.length)).toEqual(heavy);
    expect3d(kept, 15);
    const rebuilt = parseSdf(await to3d('sdf', crystal, { regenerate: true }))[0]!;
    expect(rebuilt.atoms.slice(0, heavy.length)).not.toEqual(heavy);
    expect3d(rebuilt, 15);
    // Two 3D builds by niced programs: seconds at most alone, but they wait behind every
    // un-niced process when the machine is loaded (a CI run beside other suites).
  }, 120_000);

  it('turns a ligand split out of a PDB into an SDF with bond orders and hydrogens', async () => {
    const p59 = splitPdb(readBench('5x72', 'raw_5x72.pdb'), '5x72').ligands[0]!;
    const sdf = await to3d('pdb', p59.content);
    expect3d(parseSdf(sdf)[0]!, 15);
    expect((await toSmiles('sdf', sdf)).smiles).toBe((await toSmiles('sdf', readBench('5x72', 'ligand.sdf'))).smiles);
  });
});

describe('formats without bonds or with poses', () => {
  it('to3d of a heavy-atom XYZ adds the right hydrogens (not radicals)', async () => {
    const crystal = readBench('5x72', 'ligand.sdf');
    const xyz = await convert(crystal, 'sdf', 'xyz');
    const sdf = await to3d('xyz', xyz);
    expect3d(parseSdf(sdf)[0]!, 15);
    expect((await toSmiles('sdf', sdf)).smiles).toBe((await toSmiles('sdf', crystal)).smiles);
  });

  it('converts every model of a multi-model PDBQT (obabel reads one model from a pipe)', async () => {
    const pose = await convert(readBench('5x72', 'ligand.sdf'), 'sdf', 'pdbqt', { addHydrogens: true });
    const atoms = pose.split('\n').filter((l) => !l.startsWith('MODEL') && !l.startsWith('ENDMDL'));
    const poses = ['MODEL        1', ...atoms, 'ENDMDL', 'MODEL        2', ...atoms, 'ENDMDL', ''].join('\n');
    const sdf = await to3d('pdbqt', poses);
    expect(parseSdf(sdf)).toHaveLength(2);
    for (const molecule of parseSdf(sdf)) expect3d(molecule, 15);
    // toSmiles reads the first pose only: poses are one molecule.
    expect((await toSmiles('pdbqt', poses)).smiles).toBe('O=C1c2ccccc2N[C@@H](c2ccccc2F)N1c1ccccc1');
  });
});

describe('toMol2', () => {
  it('gives a SMILES 3D coordinates and writes a valid MOL2', async () => {
    const mol2 = await toMol2('smi', `${PARACETAMOL} paracetamol\n`);
    expect(await validateStructure('mol2', mol2)).toEqual({ ok: true, atoms: 20, molecules: 1 });
    const zs = mol2
      .split('@<TRIPOS>ATOM')[1]!
      .split('@<TRIPOS>BOND')[0]!
      .trim()
      .split('\n')
      .map((l) => Number(l.trim().split(/\s+/)[4]));
    expect(Math.max(...zs) - Math.min(...zs)).toBeGreaterThan(0.5);
  });

  it('adds the hydrogens MOL2 readers expect (a bare COOH would read back as carboxylate)', async () => {
    const mol2 = await toMol2('sdf', readBench('7ecr', 'ligand.sdf'));
    expect(await validateStructure('mol2', mol2)).toEqual({ ok: true, atoms: 14, molecules: 1 });
    expect((await toSmiles('mol2', mol2)).smiles).toBe('O=C(O)CCC(=O)O');
  });
});

describe('smilesImage', () => {
  it('returns base64 of an SVG', async () => {
    const svg = Buffer.from(await smilesImage('CC(=O)Nc1ccc(O)cc1'), 'base64').toString('utf8');
    expect(svg).toMatch(/<svg[\s\S]*<\/svg>/);
  });
});

describe('mergeToPdb with molecules', () => {
  it('merges a receptor, an SDF, a MOL2 and SMILES into one consistent PDB', async () => {
    const receptor = readBench('7cnq', 'receptor.pdb');
    const merged = await mergeToPdb([
      { name: 'receptor', ext: 'pdb', content: receptor },
      { name: 'crystal', ext: 'sdf', content: readBench('7cnq', 'ligand.sdf') },
      { name: 'bace', ext: 'mol2', content: readBench('bace1', 'ligand.mol2') },
      { name: 'library', ext: 'smi', content: 'CCO ethanol\nc1ccccc1 benzene\n' },
    ]);
    expect(await validateStructure('pdb', merged)).toMatchObject({ ok: true, molecules: 1 });
    const lines = merged.split('\n');
    const atoms = lines.filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM'));
    const receptorAtoms = receptor.split('\n').filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM'));
    // Receptor (chains A-D) untouched but for serials; each small-molecule input its own chain.
    expect(lines.filter((l) => l.startsWith('REMARK'))).toEqual([
      'REMARK 999 CHAINS A,B,C,D FROM receptor',
      'REMARK 999 CHAIN E FROM crystal',
      'REMARK 999 CHAIN F FROM bace',
      'REMARK 999 CHAIN G FROM library',
    ]);
    const byChain = (c: string) => atoms.filter((l) => l[21] === c);
    expect(byChain('E').map((l) => l.slice(17, 26))).toEqual(Array(9).fill('UNL E   1'));
    // The MOL2's one residue keeps its name (E4Y) and becomes HETATM residue 1 of chain F.
    expect(byChain('F')).toHaveLength(87);
    expect(new Set(byChain('F').map((l) => l.slice(0, 6) + l.slice(17, 26)))).toEqual(new Set(['HETATME4Y F   1']));
    // SMILES: one residue per line, 3D, with hydrogens.
    expect(new Set(byChain('G').map((l) => l.slice(22, 26).trim()))).toEqual(new Set(['1', '2']));
    expect(byChain('G')).toHaveLength(9 + 12);
    expect(atoms.length).toBe(receptorAtoms.length + 9 + 87 + 21);
    // Serials 1..n, CONECT only between existing serials, one END.
    const serials = lines.filter((l) => /^(ATOM|HETATM|TER)/.test(l)).map((l) => Number(l.slice(6, 11)));
    expect(serials).toEqual(serials.map((_, i) => i + 1));
    const known = new Set(atoms.map((l) => l.slice(6, 11).trim()));
    for (const conect of lines.filter((l) => l.startsWith('CONECT'))) {
      for (let s = 6; s < 31; s += 5) {
        const serial = conect.slice(s, s + 5).trim();
        if (serial) expect(known.has(serial)).toBe(true);
      }
    }
    expect(lines.filter((l) => l.startsWith('END'))).toEqual(['END']);
    // Splitting the merged file finds the four small molecules as ligands again.
    const ligands = splitPdb(merged, 'm').ligands.map((l) => l.name);
    expect(ligands.filter((n) => /_(UNL|E4Y)_[EFG]/.test(n))).toEqual(['m_UNL_E1', 'm_E4Y_F1', 'm_UNL_G1', 'm_UNL_G2']);
  });
});
