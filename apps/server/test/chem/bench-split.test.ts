import { describe, expect, it } from 'vitest';
import { STANDARD_RESIDUES, WATER_RESIDUES } from '../../src/chem/index';
// The splitting algorithm itself, in-process (the index runs it in a worker thread).
import { splitChains, splitPdb } from '../../src/chem/pdb-split';
import { benchPdbs, readBench } from './bench-data';

// The split invariants on every bench PDB: no atom line lost, duplicated or edited;
// each ligand one whole residue instance; chains clean; alt-locs, ANISOU and
// CONECT kept consistent; metal ions left with the protein.

const isAtom = (l: string) => l.startsWith('ATOM') || l.startsWith('HETATM');
const linesOf = (text: string | null) => (text ?? '').split('\n');
const atomsOf = (text: string | null) => linesOf(text).filter(isAtom);
const residueKey = (l: string) => l.slice(17, 27);
const serialOf = (l: string) => l.slice(6, 11).trim();
const sorted = (lines: string[]) => [...lines].sort();

/** Unordered atom pairs bonded by CONECT records. */
function conectBonds(text: string): Set<string> {
  const bonds = new Set<string>();
  for (const line of linesOf(text).filter((l) => l.startsWith('CONECT'))) {
    const origin = line.slice(6, 11).trim();
    for (let s = 11; s < 31; s += 5) {
      const other = line.slice(s, s + 5).trim();
      if (other) bonds.add([origin, other].sort().join('-'));
    }
  }
  return bonds;
}

/** Every CONECT serial of a part is an atom of that part, and ANISOU lines follow their atom. */
function expectSelfContained(part: string) {
  const serials = new Set(atomsOf(part).map(serialOf));
  for (const bond of conectBonds(part)) for (const s of bond.split('-')) expect(serials.has(s)).toBe(true);
  const lines = linesOf(part);
  lines.forEach((line, i) => {
    if (line.startsWith('ANISOU')) expect(serialOf(lines[i - 1] ?? '')).toBe(serialOf(line));
  });
}

describe.each(benchPdbs)('splitPdb on $label', ({ id, file }) => {
  const text = readBench(id, file);
  const original = atomsOf(text);
  const split = splitPdb(text, id);
  const parts = [...split.ligands.map((l) => l.content), split.water, split.others].filter(
    (p): p is string => p !== null,
  );

  it('parts add back up to the original atom lines (as a multiset)', () => {
    expect(sorted(parts.flatMap(atomsOf))).toEqual(sorted(original));
    const anisou = (t: string) => linesOf(t).filter((l) => l.startsWith('ANISOU'));
    expect(sorted(parts.flatMap(anisou))).toEqual(sorted(anisou(text)));
  });

  it('each ligand is one whole residue instance of a non-standard, multi-atom hetero group', () => {
    for (const ligand of split.ligands) {
      const lines = atomsOf(ligand.content);
      const keys = new Set(lines.map(residueKey));
      expect(keys.size).toBe(1);
      const [key] = keys;
      expect(lines).toEqual(original.filter((l) => residueKey(l) === key));
      expect(lines.every((l) => l.startsWith('HETATM'))).toBe(true);
      expect(STANDARD_RESIDUES.has(ligand.resName) || WATER_RESIDUES.has(ligand.resName)).toBe(false);
      const heavy = new Set(lines.filter((l) => !/^\s*[HD]$/.test(l.slice(76, 78))).map((l) => l.slice(12, 16)));
      expect(heavy.size).toBeGreaterThan(1);
      expect(ligand.name).toBe(`${id}_${ligand.resName}_${ligand.chain}${ligand.resSeq}${ligand.iCode}`);
    }
  });

  it('water holds every water and nothing else', () => {
    const waters = original.filter((l) => WATER_RESIDUES.has(l.slice(17, 20).trim()));
    expect(atomsOf(split.water)).toEqual(waters);
  });

  it('single-atom ions stay in others with the protein', () => {
    const residues = new Map<string, string[]>();
    for (const l of original.filter((l) => l.startsWith('HETATM'))) {
      residues.set(residueKey(l), [...(residues.get(residueKey(l)) ?? []), l]);
    }
    const ions = [...residues.values()].filter(
      (lines) =>
        new Set(lines.map((l) => l.slice(12, 16))).size === 1 && !WATER_RESIDUES.has(lines[0]!.slice(17, 20).trim()),
    );
    const others = new Set(atomsOf(split.others));
    for (const ion of ions) for (const line of ion) expect(others.has(line)).toBe(true);
  });

  it('keeps every CONECT bond whose atoms land in the same part, and no other', () => {
    const partOf = new Map<string, number>();
    parts.forEach((p, i) => {
      for (const l of atomsOf(p)) partOf.set(serialOf(l), i);
    });
    const kept = new Set(parts.flatMap((p) => [...conectBonds(p)]));
    const expected = [...conectBonds(text)].filter((b) => {
      const [a, c] = b.split('-');
      return partOf.get(a!) !== undefined && partOf.get(a!) === partOf.get(c!);
    });
    expect(sorted([...kept])).toEqual(sorted(expected));
    for (const part of parts) expectSelfContained(part);
  });

  it('ends every part with exactly one END', () => {
    for (const part of parts) {
      expect(linesOf(part).filter((l) => l === 'END')).toHaveLength(1);
      expect(part.endsWith('END\n')).toBe(true);
    }
  });
});

describe.each(benchPdbs)('splitChains on $label', ({ id, file }) => {
  const text = readBench(id, file);
  const original = atomsOf(text);
  const chains = splitChains(text, id);

  it('gives one part per chain id, every atom line of a part carrying that chain id', () => {
    expect(chains.map((c) => c.chain)).toEqual([...new Set(original.map((l) => l.slice(21, 22).trim()))]);
    for (const part of chains) {
      const lines = atomsOf(part.content);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.slice(21, 22).trim()).toBe(part.chain);
      expectSelfContained(part.content);
    }
  });

  it('parts add back up to the original atom lines, alt-locs included', () => {
    const all = chains.flatMap((c) => atomsOf(c.content));
    expect(sorted(all)).toEqual(sorted(original));
    const altLocs = (lines: string[]) => lines.filter((l) => l[16] !== ' ');
    expect(sorted(altLocs(all))).toEqual(sorted(altLocs(original)));
  });
});

describe('bench specifics', () => {
  it('1s63: the catalytic zinc stays with the protein, the FPP co-substrate is split out', () => {
    const split = splitPdb(readBench('1s63', 'receptor.pdb'), '1s63');
    expect(atomsOf(split.others).filter((l) => l.slice(17, 20) === ' ZN')).toHaveLength(1);
    expect(split.ligands.map((l) => l.name)).toEqual(['1s63_FPP_B3011']);
  });

  it('7ztl: both Mg2+ and the Na+ stay in others; the crosslinker reports its cut bonds', () => {
    const split = splitPdb(readBench('7ztl', 'receptor.pdb'), '7ztl');
    const ions = atomsOf(split.others)
      .filter((l) => l.startsWith('HETATM'))
      .map((l) => l.slice(17, 26));
    expect(ions).toEqual([' MG A 502', ' MG A 503', ' NA A 508']);
    const jwg = split.ligands.find((l) => l.resName === 'JWG')!;
    expect(jwg.bondedTo.sort()).toEqual(['CYS A339 SG', 'LYS B85 NZ']);
  });

  it('2ha2: the alt-loc A copy of succinylcholine comes out whole, with its 0.50 occupancy', () => {
    const split = splitPdb(readBench('2ha2', 'receptor.pdb'), '2ha2');
    const sck = atomsOf(split.ligands.find((l) => l.resName === 'SCK')!.content);
    expect(sck).toHaveLength(20);
    expect(sck.every((l) => l[16] === 'A' && l.slice(54, 60).trim() === '0.50')).toBe(true);
  });

  it('raw 5x72: both ligand copies, 86 waters, and the alt-loc Phe133 stays in the protein', () => {
    const split = splitPdb(readBench('5x72', 'raw_5x72.pdb'), '5x72');
    expect(split.ligands.map((l) => [l.name, atomsOf(l.content).length])).toEqual([
      ['5x72_P59_A201', 24],
      ['5x72_P69_A202', 24],
    ]);
    expect(atomsOf(split.water)).toHaveLength(86);
    const phe = atomsOf(split.others).filter((l) => l.slice(17, 26) === 'PHE A 133');
    expect(phe.filter((l) => l[16] === 'A')).toHaveLength(8);
    expect(phe.filter((l) => l[16] === 'B')).toHaveLength(8);
    // Header records (CRYST1, SEQRES ...) stay with the protein.
    expect(linesOf(split.others).filter((l) => l.startsWith('CRYST1'))).toHaveLength(1);
  });
});
