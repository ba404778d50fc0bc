import { describe, expect, it } from 'vitest';
import { boxEdgePoint, type DiagramInput, type DiagramResidue, layoutDiagram, spreadAngles } from './diagram-layout';
import { CONTACT_COLORS } from './interaction-options';

const TAU = Math.PI * 2;
const gapBetween = (a: number, b: number) => {
  const d = Math.abs(a - b) % TAU;
  return Math.min(d, TAU - d);
};

/** Benzene (RDKit-like coordinates, bond 1.5) with a hydroxyl: atoms 0-5 ring, 6 = O on atom 0. */
const phenol: DiagramInput = {
  symbols: ['C', 'C', 'C', 'C', 'C', 'C', 'O'],
  coords: [
    [1.5, 0],
    [0.75, 1.3],
    [-0.75, 1.3],
    [-1.5, 0],
    [-0.75, -1.3],
    [0.75, -1.3],
    [3, 0],
  ],
  bonds: [
    [0, 1, 4],
    [1, 2, 4],
    [2, 3, 4],
    [3, 4, 4],
    [4, 5, 4],
    [5, 0, 4],
    [0, 6, 1],
  ],
  contacts: [
    { kind: 'hydrogen-bond', atoms: [6], residueKey: 'a|A|86', residueLabel: 'ASP 86 A', distance: 2.9 },
    { kind: 'pi-stacking', atoms: [0, 1, 2, 3, 4, 5], residueKey: 'a|A|80', residueLabel: 'PHE 80 A', distance: 3.8 },
    { kind: 'hydrophobic', atoms: [3], residueKey: 'a|A|10', residueLabel: 'LEU 10 A', distance: 3.9 },
    { kind: 'hydrophobic', atoms: [4], residueKey: 'a|A|10', residueLabel: 'LEU 10 A', distance: 3.7 },
  ],
};

/** Every two residue labels are apart along x or along y by at least half their sizes. */
function expectNoOverlap(rs: readonly DiagramResidue[]) {
  for (let i = 0; i < rs.length; i++) {
    for (let j = i + 1; j < rs.length; j++) {
      const a = rs[i]!;
      const b = rs[j]!;
      const apartX = Math.abs(a.x - b.x) >= (a.width + b.width) / 2;
      const apartY = Math.abs(a.y - b.y) >= (a.height + b.height) / 2;
      expect(apartX || apartY, `${a.label} / ${b.label}`).toBe(true);
    }
  }
}

describe('spreadAngles', () => {
  it('keeps angles that are far enough apart as they are', () => {
    const out = spreadAngles([0, 2, 4], 0.5);
    expect(out.map((a) => a.toFixed(6))).toEqual(['0.000000', '2.000000', '4.000000']);
  });

  it('pushes crowded angles apart to the gap, keeping their order and their middle', () => {
    const out = spreadAngles([1, 1.05, 1.1], 0.3);
    expect(out[1]! - out[0]!).toBeGreaterThanOrEqual(0.3 - 1e-6);
    expect(out[2]! - out[1]!).toBeGreaterThanOrEqual(0.3 - 1e-6);
    expect((out[0]! + out[1]! + out[2]!) / 3).toBeCloseTo(1.05, 6);
  });

  it('spreads across 0 / 2π too', () => {
    const out = spreadAngles([TAU - 0.05, 0.05], 0.5);
    expect(gapBetween(out[0]!, out[1]!)).toBeGreaterThanOrEqual(0.5 - 1e-6);
  });

  it('spaces evenly when more items than fit', () => {
    const out = spreadAngles([0, 0.1, 0.2, 0.3], 2);
    const sorted = [...out].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeCloseTo(TAU / 4, 6);
  });
});

describe('layoutDiagram', () => {
  const layout = layoutDiagram(phenol);

  it('draws every atom and bond, labelling heteroatoms only', () => {
    expect(layout.atoms).toHaveLength(7);
    expect(layout.bonds).toHaveLength(7);
    expect(layout.atoms.filter((a) => a.labelled).map((a) => a.symbol)).toEqual(['O']);
  });

  it('keeps the ligand inside the picture and its shape (bond lengths equal up to scale)', () => {
    for (const a of layout.atoms) {
      expect(a.x).toBeGreaterThan(0);
      expect(a.x).toBeLessThan(layout.width);
      expect(a.y).toBeGreaterThan(0);
      expect(a.y).toBeLessThan(layout.height);
    }
    const lengths = layout.bonds.map((b) => Math.hypot(b.a.x - b.b.x, b.a.y - b.b.y));
    for (const l of lengths) expect(l).toBeCloseTo(lengths[0]!, 0);
  });

  it('places one label per residue, outside the ligand, towards the atoms it touches', () => {
    expect(layout.residues.map((r) => r.label).sort()).toEqual(['ASP 86 A', 'LEU 10 A', 'PHE 80 A']);
    const mid = { x: layout.width / 2, y: layout.height / 2 };
    const ligandRadius = Math.max(...layout.atoms.map((a) => Math.hypot(a.x - mid.x, a.y - mid.y)));
    for (const r of layout.residues) expect(Math.hypot(r.x - mid.x, r.y - mid.y)).toBeGreaterThan(ligandRadius);
    // The hydroxyl points to +x, so Asp 86 (H-bond to the O) sits right of the centre; Leu 10 (atoms 3, 4) left.
    const asp = layout.residues.find((r) => r.label === 'ASP 86 A')!;
    const leu = layout.residues.find((r) => r.label === 'LEU 10 A')!;
    expect(asp.x).toBeGreaterThan(mid.x);
    expect(leu.x).toBeLessThan(mid.x);
  });

  it('labels never overlap', () => {
    const rs = layout.residues;
    expectNoOverlap(rs);
  });

  it('ten labels side by side (all wanting the bottom of the ring) never overlap either: the ring grows', () => {
    // The 7CNQ pose's case: several residues touch the same atoms below the ligand, so their
    // labels sit next to each other horizontally, where their width matters, not their height.
    const crowded: DiagramInput = {
      ...phenol,
      contacts: [
        'CYS 511 A',
        'LYS 530 A',
        'GLU 533 A',
        'CYS 510 A',
        'SER 512 A',
        'ILE 206 A',
        'ASP 203 A',
        'THR 72 A',
        'GLU 292 A',
        'ARG 1100 B',
      ].map((label, i) => ({
        kind: 'hydrogen-bond' as const,
        atoms: [4 + (i % 2)],
        residueKey: `a|A|${label}`,
        residueLabel: label,
        distance: 3,
      })),
    };
    const rs = layoutDiagram(crowded).residues;
    expect(rs).toHaveLength(10);
    expectNoOverlap(rs);
  });

  it('draws one line per contact, coloured by kind, from the touching atoms to the label edge', () => {
    expect(layout.lines).toHaveLength(4);
    expect(layout.lines.map((l) => l.color)).toEqual([
      CONTACT_COLORS['hydrogen-bond'],
      CONTACT_COLORS['pi-stacking'],
      CONTACT_COLORS.hydrophobic,
      CONTACT_COLORS.hydrophobic,
    ]);
    const o = layout.atoms[6]!;
    expect(layout.lines[0]!.from).toEqual({ x: o.x, y: o.y });
    // The π line starts at the ring centre.
    const ring = layout.atoms.slice(0, 6);
    expect(layout.lines[1]!.from.x).toBeCloseTo(ring.reduce((s, a) => s + a.x, 0) / 6, 6);
    const asp = layout.residues.find((r) => r.label === 'ASP 86 A')!;
    const end = layout.lines[0]!.to;
    const onEdge =
      Math.abs(Math.abs(end.x - asp.x) - asp.width / 2) < 1e-6 ||
      Math.abs(Math.abs(end.y - asp.y) - asp.height / 2) < 1e-6;
    expect(onEdge).toBe(true);
    expect(layout.kinds).toEqual(['hydrogen-bond', 'pi-stacking', 'hydrophobic']);
  });

  it('drops contacts whose atoms are not in the ligand', () => {
    const out = layoutDiagram({
      ...phenol,
      contacts: [{ kind: 'ionic', atoms: [42], residueKey: 'x', residueLabel: 'LYS 1 A', distance: 3 }],
    });
    expect(out.lines).toEqual([]);
    expect(out.residues).toEqual([]);
    expect(out.kinds).toEqual([]);
  });
});

describe('boxEdgePoint', () => {
  it('meets the box edge on the way to its centre', () => {
    const box = { key: 'k', label: 'x', x: 100, y: 100, width: 40, height: 20 };
    expect(boxEdgePoint({ x: 0, y: 100 }, box)).toEqual({ x: 80, y: 100 });
    expect(boxEdgePoint({ x: 100, y: 0 }, box)).toEqual({ x: 100, y: 90 });
  });
});
