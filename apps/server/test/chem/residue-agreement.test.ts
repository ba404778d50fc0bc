import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitPdb } from '../../src/chem/pdb-split';
import { cleanProtein } from '../../src/chem/protein-clean';
import { readPdb } from '../../src/chem/readers/pdb';
import { cleanReceptor } from '../../src/chem/receptor';
import { phosphorylate } from '../support/modified-residues';
import { benchPdbs, readBench } from './bench-data';

/**
 * The three operations that decide what is protein agree on every input: split_pdb's
 * protein part (`others`), Quick Prepare's cleanProtein and docking's cleanReceptor keep
 * the same protein residues, keep every modified residue, and remove the same waters and
 * ligands. Inputs: every bench PDB, 1A8O (selenomethionines in MODRES), 1A8O with a
 * phosphoserine (in MODRES) and a phosphothreonine (by name only) built on it, 2N0N
 * model 1 (AIB in MODRES, PH8 by its peptide bonds, an NH2 cap) and 7DDO's zinc site.
 *
 * The residues of an output are read from its text, not from the classification.
 */
const fixture = (name: string) =>
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../fixtures', name), 'utf8');

const inputs: { label: string; text: () => string; modified: string[] }[] = [
  ...benchPdbs.map(({ label, id, file }) => ({ label, text: () => readBench(id, file), modified: [] })),
  { label: '1a8o.pdb', text: () => fixture('1a8o.pdb'), modified: ['MSE A151', 'MSE A185', 'MSE A214', 'MSE A215'] },
  {
    label: '1a8o.pdb + SEP A178 (MODRES) + TPO A200',
    text: () =>
      phosphorylate(fixture('1a8o.pdb'), [
        { chain: 'A', resSeq: 178, modres: true },
        { chain: 'A', resSeq: 200 },
      ]),
    modified: ['MSE A151', 'MSE A185', 'MSE A214', 'MSE A215', 'SEP A178', 'TPO A200'],
  },
  { label: '2n0n_model1.pdb', text: () => fixture('2n0n_model1.pdb'), modified: ['AIB A2', 'PH8 A11', 'NH2 A12'] },
  { label: '7ddo_zinc_site.pdb', text: () => fixture('7ddo_zinc_site.pdb'), modified: [] },
];

const WATERS = new Set(['HOH', 'WAT', 'DOD', 'H2O']);

/** Residue instances of the first model of a PDB text, as 'RES C123i', with their heavy-atom elements. */
function residuesOf(pdb: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const a of readPdb(pdb ?? '').records[0]?.atoms ?? []) {
    const key = `${a.resName} ${a.chain}${a.resSeqText}${a.iCode}`;
    const elements = out.get(key) ?? [];
    if (a.element !== 'H' && a.element !== 'D') elements.push(a.element);
    out.set(key, elements);
  }
  return out;
}

/** A single-atom ion: one heavy atom whose element is the residue's name (ZN ZN, MG MG, NA NA). */
const isIon = (key: string, elements: string[]) => new Set(elements).size === 1 && key.split(' ')[0] === elements[0];
const isWater = (key: string) => WATERS.has(key.split(' ')[0]!);
const sorted = (keys: Iterable<string>) => [...keys].sort();

/** The protein residues of an output: everything but waters and single-atom ions. */
const proteinOf = (residues: Map<string, string[]>) =>
  sorted([...residues].filter(([k, e]) => !isWater(k) && !isIon(k, e)).map(([k]) => k));
const ionsOf = (residues: Map<string, string[]>) =>
  sorted([...residues].filter(([k, e]) => isIon(k, e)).map(([k]) => k));

describe.each(inputs)('$label: split, Quick Prepare and receptor preparation agree', ({ label, text, modified }) => {
  const pdb = text();
  const input = residuesOf(pdb);
  const split = splitPdb(pdb, 'x');
  const others = residuesOf(split.others);
  const clean = residuesOf(cleanProtein(pdb, { keepWaters: false, keepHetero: [] }).pdb);
  const receptor = residuesOf(cleanReceptor(pdb).pdb);
  const ligands = new Set(
    split.ligands
      .filter((l) => !/_m\d+$/.test(l.name) || /_m1$/.test(l.name))
      .map((l) => `${l.resName} ${l.chain}${l.resSeq}${l.iCode}`),
  );

  it('keeps the same protein residues', () => {
    const protein = proteinOf(others);
    expect(protein.length, label).toBeGreaterThan(0);
    expect(proteinOf(clean)).toEqual(protein);
    expect(proteinOf(receptor)).toEqual(protein);
  });

  it('keeps every modified residue in all three', () => {
    for (const residue of modified) {
      expect(input.has(residue), residue).toBe(true);
      expect([others.has(residue), clean.has(residue), receptor.has(residue)], residue).toEqual([true, true, true]);
    }
  });

  it('removes every water and every ligand from the protein, in all three', () => {
    const waters = [...input.keys()].filter(isWater);
    expect(sorted(residuesOf(split.water).keys())).toEqual(sorted(waters));
    for (const kept of [others, clean, receptor]) {
      expect([...kept.keys()].filter(isWater)).toEqual([]);
      expect([...ligands].filter((l) => kept.has(l))).toEqual([]);
    }
    // Nothing is lost: every residue of the input is protein, water, ion or a ligand part.
    const accounted = new Set([...proteinOf(others), ...waters, ...ionsOf(others), ...ligands]);
    expect([...input.keys()].filter((k) => !accounted.has(k))).toEqual([]);
  });

  it('keeps the same binding-site metals in Quick Prepare and the receptor (split keeps every ion)', () => {
    expect(ionsOf(receptor)).toEqual(ionsOf(clean));
    for (const metal of ionsOf(clean)) expect(others.has(metal), metal).toBe(true);
  });
});
