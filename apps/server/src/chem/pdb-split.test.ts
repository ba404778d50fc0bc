import { describe, expect, it } from 'vitest';
import { splitChains, splitPdb } from './pdb-split';
import { COMPLEX_PDB, pdbAtom } from './test-fixtures';

const atomLines = (text: string | null) =>
  (text ?? '').split('\n').filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM'));
const records = (text: string | null, name: string) => (text ?? '').split('\n').filter((l) => l.startsWith(name));
const sorted = (lines: string[]) => [...lines].sort();

describe('splitPdb', () => {
  const split = splitPdb(COMPLEX_PDB, 'cplx');

  it('puts every atom line in exactly one part', () => {
    const parts = [...split.ligands.map((l) => l.content), split.water, split.others];
    expect(sorted(parts.flatMap(atomLines))).toEqual(sorted(atomLines(COMPLEX_PDB)));
  });

  it('makes one ligand per non-standard HETATM residue instance, named base_RES_chainNumber', () => {
    expect(split.ligands.map((l) => [l.name, l.resName, l.chain, l.resSeq, l.iCode])).toEqual([
      ['cplx_LIG_A201', 'LIG', 'A', 201, ''],
      ['cplx_GOL_B401', 'GOL', 'B', 401, ''],
    ]);
  });

  it('keeps all alt-locs of a ligand atom, and its CONECT records among its own atoms', () => {
    const lig = split.ligands[0]!.content;
    expect(atomLines(lig).map((l) => l.slice(12, 17))).toEqual([' C1 A', ' C1 B', ' O2  ', ' N3  ']);
    // The bond to the zinc (serial 10) is cut from the first record; the others are verbatim.
    expect(records(lig, 'CONECT')).toEqual(['CONECT   11   13   14', 'CONECT   12   13', 'CONECT   13   11   12']);
    expect(lig.trimEnd().endsWith('\nEND')).toBe(true);
    expect(split.ligands[0]!.bondedTo).toEqual(['ZN A101 ZN']);
    expect(split.ligands[1]!.bondedTo).toEqual([]);
  });

  it('leaves single-atom ions and peptide-linked modified residues with the protein', () => {
    const others = atomLines(split.others).map((l) => l.slice(17, 20).trim());
    expect(others).toEqual(['ALA', 'ALA', 'ALA', 'ALA', 'MSE', 'MSE', 'MSE', 'MSE', 'ZN', 'GLY', 'GLY']);
  });

  it('collects every water, whatever its chain', () => {
    expect(atomLines(split.water).map((l) => l.slice(17, 26))).toEqual(['HOH A 301', 'HOH B 302']);
    expect(split.waterName).toBe('cplx_water');
    expect(split.othersName).toBe('cplx_others');
  });

  it('keeps header, TER and ANISOU records in others, drops MASTER, ends with one END', () => {
    const others = split.others!;
    expect(others.startsWith('HEADER    TEST COMPLEX\nCRYST1')).toBe(true);
    expect(records(others, 'TER')).toHaveLength(2);
    expect(records(others, 'ANISOU')).toHaveLength(1);
    expect(records(others, 'MASTER')).toEqual([]);
    expect(records(others, 'END')).toEqual(['END']);
    expect(records(others, 'CONECT')).toEqual([]);
  });

  it('keeps a ligand bonded to the protein by LINK, reporting the bond', () => {
    const text = [
      'LINK         C1  LIG A 201                 SG  CYS A  42     1555   1555  1.80',
      pdbAtom({ serial: 1, name: ' SG', resName: 'CYS', chain: 'A', resSeq: 42, x: 0, y: 0, z: 0, element: 'S' }),
      pdbAtom({
        record: 'HETATM',
        serial: 2,
        name: ' C1',
        resName: 'LIG',
        chain: 'A',
        resSeq: 201,
        x: 1.8,
        y: 0,
        z: 0,
        element: 'C',
      }),
      pdbAtom({
        record: 'HETATM',
        serial: 3,
        name: ' C2',
        resName: 'LIG',
        chain: 'A',
        resSeq: 201,
        x: 3.3,
        y: 0,
        z: 0,
        element: 'C',
      }),
    ].join('\n');
    expect(splitPdb(text, 'x').ligands.map((l) => l.bondedTo)).toEqual([['CYS A42 SG']]);
  });

  it('treats MODRES-listed HETATM residues as polymer even without geometry', () => {
    const text = [
      'MODRES 1ABC XSR A   10  SER  A MODIFIED SERINE NOT IN THE NAME TABLE',
      pdbAtom({
        record: 'HETATM',
        serial: 1,
        name: ' N',
        resName: 'XSR',
        chain: 'A',
        resSeq: 10,
        x: 0,
        y: 0,
        z: 0,
        element: 'N',
      }),
      pdbAtom({
        record: 'HETATM',
        serial: 2,
        name: ' P',
        resName: 'XSR',
        chain: 'A',
        resSeq: 10,
        x: 5,
        y: 0,
        z: 0,
        element: 'P',
      }),
      pdbAtom({
        record: 'HETATM',
        serial: 3,
        name: ' N',
        resName: 'XSR',
        chain: 'A',
        resSeq: 11,
        x: 20,
        y: 0,
        z: 0,
        element: 'N',
      }),
      pdbAtom({
        record: 'HETATM',
        serial: 4,
        name: ' P',
        resName: 'XSR',
        chain: 'A',
        resSeq: 11,
        x: 25,
        y: 0,
        z: 0,
        element: 'P',
      }),
    ].join('\n');
    const split = splitPdb(text, 'x');
    // XSR 10 is listed; XSR 11 is not, is bonded to nothing and its name is no known modified residue: a ligand.
    expect(split.ligands.map((l) => l.name)).toEqual(['x_XSR_A11']);
    expect(atomLines(split.others)).toHaveLength(2);
  });

  it('treats a modified residue known by name (SEP) as polymer even without MODRES or a bond', () => {
    const sep = (serial: number, name: string, element: string, x: number) =>
      pdbAtom({ record: 'HETATM', serial, name, resName: 'SEP', chain: 'A', resSeq: 11, x, y: 0, z: 0, element });
    const split = splitPdb([sep(1, ' N', 'N', 20), sep(2, ' P', 'P', 25)].join('\n'), 'x');
    expect(split.ligands).toEqual([]);
    expect(atomLines(split.others)).toHaveLength(2);
  });

  it('keeps insertion codes apart and names them', () => {
    const lig = (serial: number, iCode: string) =>
      pdbAtom({
        record: 'HETATM',
        serial,
        name: ' C1',
        resName: 'NAG',
        chain: 'A',
        resSeq: 5,
        iCode,
        x: serial * 10,
        y: 0,
        z: 0,
        element: 'C',
      });
    const lig2 = (serial: number, iCode: string) =>
      pdbAtom({
        record: 'HETATM',
        serial,
        name: ' O1',
        resName: 'NAG',
        chain: 'A',
        resSeq: 5,
        iCode,
        x: serial * 10 + 1.4,
        y: 0,
        z: 0,
        element: 'O',
      });
    const text = [lig(1, ''), lig2(2, ''), lig(3, 'A'), lig2(4, 'A')].join('\n');
    expect(splitPdb(text, 'g').ligands.map((l) => [l.name, l.iCode])).toEqual([
      ['g_NAG_A5', ''],
      ['g_NAG_A5A', 'A'],
    ]);
  });

  it('splits each model apart, wraps water per model, and names ligands by model', () => {
    const model = (n: number) => [
      `MODEL     ${String(n).padStart(4)}`,
      pdbAtom({ serial: 1, name: ' CA', resName: 'GLY', chain: 'A', resSeq: 1, x: n, y: 0, z: 0, element: 'C' }),
      pdbAtom({
        record: 'HETATM',
        serial: 2,
        name: ' C1',
        resName: 'LIG',
        chain: 'A',
        resSeq: 9,
        x: n,
        y: 5,
        z: 0,
        element: 'C',
      }),
      pdbAtom({
        record: 'HETATM',
        serial: 3,
        name: ' O1',
        resName: 'LIG',
        chain: 'A',
        resSeq: 9,
        x: n,
        y: 6.4,
        z: 0,
        element: 'O',
      }),
      pdbAtom({
        record: 'HETATM',
        serial: 4,
        name: ' O',
        resName: 'HOH',
        chain: 'A',
        resSeq: 50,
        x: n,
        y: 9,
        z: 0,
        element: 'O',
      }),
      'ENDMDL',
    ];
    const text = [...model(1), ...model(2), 'END'].join('\n');
    const split = splitPdb(text, 'nmr');
    expect(split.ligands.map((l) => l.name)).toEqual(['nmr_LIG_A9_m1', 'nmr_LIG_A9_m2']);
    expect(records(split.water, 'MODEL')).toHaveLength(2);
    expect(records(split.water, 'ENDMDL')).toHaveLength(2);
    expect(records(split.others, 'MODEL')).toHaveLength(2);
    const all = [...split.ligands.map((l) => l.content), split.water, split.others].flatMap(atomLines);
    expect(sorted(all)).toEqual(sorted(atomLines(text)));
  });

  it('returns null parts when there is nothing for them', () => {
    const onlyLigand = [
      pdbAtom({
        record: 'HETATM',
        serial: 1,
        name: ' C1',
        resName: 'LIG',
        chain: 'A',
        resSeq: 1,
        x: 0,
        y: 0,
        z: 0,
        element: 'C',
      }),
      pdbAtom({
        record: 'HETATM',
        serial: 2,
        name: ' O1',
        resName: 'LIG',
        chain: 'A',
        resSeq: 1,
        x: 1.4,
        y: 0,
        z: 0,
        element: 'O',
      }),
    ].join('\n');
    const split = splitPdb(onlyLigand, 'l');
    expect(split.water).toBeNull();
    expect(split.others).toBeNull();
    expect(split.ligands).toHaveLength(1);
  });

  it('places atom lines with unreadable coordinates too (splitting never drops a line)', () => {
    const broken = COMPLEX_PDB.replace('  12.000  10.000  10.000', '  12.000  xx.xxx  10.000');
    const split = splitPdb(broken, 'b');
    const parts = [...split.ligands.map((l) => l.content), split.water, split.others];
    expect(sorted(parts.flatMap(atomLines))).toEqual(sorted(atomLines(broken)));
  });
});

describe('splitChains', () => {
  const chains = splitChains(COMPLEX_PDB, 'cplx');

  it('makes one part per chain with only that chain’s atoms, hetero groups and waters included', () => {
    expect(chains.map((c) => [c.name, c.chain])).toEqual([
      ['cplx_A', 'A'],
      ['cplx_B', 'B'],
    ]);
    for (const part of chains) {
      for (const line of atomLines(part.content)) expect(line[21]).toBe(part.chain);
    }
    expect(sorted(chains.flatMap((c) => atomLines(c.content)))).toEqual(sorted(atomLines(COMPLEX_PDB)));
    expect(atomLines(chains[0]!.content).map((l) => l.slice(17, 20).trim())).toContain('ZN');
    expect(atomLines(chains[1]!.content).map((l) => l.slice(17, 20).trim())).toEqual([
      'HOH',
      'GLY',
      'GLY',
      'GOL',
      'GOL',
    ]);
  });

  it('gives each chain its TER, CRYST1, ANISOU and internal CONECT records', () => {
    const [a, b] = chains;
    expect(records(a!.content, 'TER')).toEqual(['TER       9      MSE A   2']);
    expect(records(b!.content, 'TER')).toEqual(['TER      19      GLY B   1']);
    expect(records(a!.content, 'CRYST1')).toHaveLength(1);
    expect(records(a!.content, 'ANISOU')).toHaveLength(1);
    // Zinc and ligand are both chain A, so their bond survives here.
    expect(records(a!.content, 'CONECT')[0]).toBe('CONECT   11   13   14   10');
    expect(records(b!.content, 'CONECT')).toEqual(['CONECT   20   21', 'CONECT   21   20']);
  });

  it('names a blank chain and keeps a bare TER with the chain before it', () => {
    const text = [
      pdbAtom({ serial: 1, name: ' CA', resName: 'GLY', chain: ' ', resSeq: 1, x: 0, y: 0, z: 0, element: 'C' }),
      'TER',
      pdbAtom({ serial: 2, name: ' CA', resName: 'GLY', chain: 'B', resSeq: 1, x: 9, y: 0, z: 0, element: 'C' }),
    ].join('\n');
    const parts = splitChains(text, 'p');
    expect(parts.map((p) => [p.name, p.chain])).toEqual([
      ['p_blank', ''],
      ['p_B', 'B'],
    ]);
    expect(records(parts[0]!.content, 'TER')).toEqual(['TER']);
  });
});
