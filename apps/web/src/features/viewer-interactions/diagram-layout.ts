import { CONTACT_COLORS, CONTACT_KINDS, type ContactKind } from './interaction-options';

/**
 * The 2D interaction diagram's geometry, pure: the ligand's 2D coordinates (RDKit, one per
 * heavy atom) scaled into the picture, the residues it contacts placed on a ring around it in
 * the direction of the atoms they touch (spread so labels never overlap), and one line per
 * contact from the touching atoms' centre to the residue, typed and coloured as in 3D.
 */

export interface DiagramInput {
  symbols: readonly string[];
  coords: readonly (readonly [number, number])[];
  bonds: readonly (readonly [number, number, number])[];
  contacts: readonly DiagramContact[];
}

export interface DiagramContact {
  kind: ContactKind;
  /** Indices into symbols/coords. */
  atoms: readonly number[];
  /** The partner residue: a stable key and its label. */
  residueKey: string;
  residueLabel: string;
  distance: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface DiagramAtom extends Point {
  symbol: string;
  /** Drawn as a label (heteroatoms; carbons are bare line ends). */
  labelled: boolean;
}

export interface DiagramBond {
  a: Point;
  b: Point;
  order: number;
}

export interface DiagramResidue extends Point {
  key: string;
  label: string;
  width: number;
  height: number;
}

export interface DiagramLine {
  kind: ContactKind;
  color: string;
  dash: string;
  from: Point;
  to: Point;
  distance: number;
  residueKey: string;
}

export interface DiagramLayout {
  width: number;
  height: number;
  atoms: DiagramAtom[];
  bonds: DiagramBond[];
  residues: DiagramResidue[];
  lines: DiagramLine[];
  /** Kinds present, in the spec's order (the legend). */
  kinds: ContactKind[];
}

export const DIAGRAM = {
  width: 720,
  height: 560,
  /** Pixels per RDKit unit (a bond is 1.5 units: 45 px). */
  scale: 30,
  /** The ligand is shrunk to fit this share of the picture's smaller side. */
  ligandShare: 0.5,
  /** Gap between the ligand's outline and the residue ring, px. */
  ringGap: 70,
  labelHeight: 22,
  charWidth: 7.5,
  labelPadding: 10,
} as const;

/** Line dash per kind: H-bonds dashed, hydrophobic dotted, π contacts dash-dot, the rest long dashes. */
export const CONTACT_DASH: Record<ContactKind, string> = {
  'hydrogen-bond': '6 4',
  'weak-hydrogen-bond': '3 3',
  'aromatic-h-bond': '3 3',
  'halogen-bond': '6 4',
  ionic: '10 4',
  'salt-bridge': '2 3',
  hydrophobic: '2 3',
  'pi-stacking': '8 3 2 3',
  'cation-pi': '8 3 2 3',
  'metal-coordination': '10 4',
};

const TAU = Math.PI * 2;
const labelWidth = (label: string) => label.length * DIAGRAM.charWidth + DIAGRAM.labelPadding * 2;
const norm = (a: number) => ((a % TAU) + TAU) % TAU;

/**
 * Angles spread apart to at least `gap` between neighbours (around the circle), keeping their
 * order and staying as close to the wanted angles as the gap allows. More items than fit get
 * equal spacing.
 */
export function spreadAngles(wanted: readonly number[], gap: number): number[] {
  const n = wanted.length;
  if (n <= 1) return wanted.map(norm);
  const order = wanted.map((a, i) => ({ a: norm(a), i })).sort((x, y) => x.a - y.a);
  if (n * gap >= TAU) {
    const out = new Array<number>(n);
    order.forEach((o, k) => {
      out[o.i] = norm(order[0]!.a + (k * TAU) / n);
    });
    return out;
  }
  const angles = order.map((o) => o.a);
  for (let round = 0; round < 200; round++) {
    let moved = false;
    for (let k = 0; k < n; k++) {
      const next = (k + 1) % n;
      let diff = angles[next]! - angles[k]!;
      if (next === 0) diff += TAU;
      if (diff < gap - 1e-9) {
        const push = (gap - diff) / 2;
        angles[k] = angles[k]! - push;
        angles[next] = angles[next]! + push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  const out = new Array<number>(n);
  order.forEach((o, k) => {
    out[o.i] = norm(angles[k]!);
  });
  return out;
}

const centre = (points: readonly Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / Math.max(1, points.length),
  y: points.reduce((s, p) => s + p.y, 0) / Math.max(1, points.length),
});

/** Where the segment from `from` towards a label box's centre meets the box's edge. */
export function boxEdgePoint(from: Point, box: DiagramResidue): Point {
  const dx = from.x - box.x;
  const dy = from.y - box.y;
  if (dx === 0 && dy === 0) return { x: box.x, y: box.y };
  const sx = box.width / 2 / Math.abs(dx || 1e-9);
  const sy = box.height / 2 / Math.abs(dy || 1e-9);
  const s = Math.min(sx, sy, 1);
  return { x: box.x + dx * s, y: box.y + dy * s };
}

export function layoutDiagram(
  input: DiagramInput,
  size = { width: DIAGRAM.width, height: DIAGRAM.height },
): DiagramLayout {
  const { width, height } = size;
  const raw = input.coords.map(([x, y]) => ({ x, y: -y }));
  const c0 = centre(raw);
  const span = Math.max(1e-6, ...raw.map((p) => Math.hypot(p.x - c0.x, p.y - c0.y)));
  // RDKit's scale, shrunk when the ligand would take more than its share of the picture.
  const scale = Math.min(DIAGRAM.scale, (Math.min(width, height) * DIAGRAM.ligandShare) / 2 / span);
  const mid = { x: width / 2, y: height / 2 };
  const atoms: DiagramAtom[] = raw.map((p, i) => {
    const symbol = input.symbols[i] ?? 'C';
    return {
      x: mid.x + (p.x - c0.x) * scale,
      y: mid.y + (p.y - c0.y) * scale,
      symbol,
      labelled: symbol.toUpperCase() !== 'C',
    };
  });
  const bonds = input.bonds
    .filter(([a, b]) => atoms[a] && atoms[b])
    .map(([a, b, order]) => ({ a: atoms[a]!, b: atoms[b]!, order }));
  const radius = Math.max(20, ...atoms.map((p) => Math.hypot(p.x - mid.x, p.y - mid.y)));

  // Residues: one label each, towards the atoms they touch.
  const byResidue = new Map<string, { label: string; anchors: Point[] }>();
  for (const c of input.contacts) {
    const points = c.atoms.map((i) => atoms[i]).filter((p): p is DiagramAtom => !!p);
    if (points.length === 0) continue;
    const entry = byResidue.get(c.residueKey) ?? { label: c.residueLabel, anchors: [] };
    byResidue.set(c.residueKey, entry);
    entry.anchors.push(centre(points));
  }
  const keys = [...byResidue.keys()];
  const wanted = keys.map((k) => {
    const a = centre(byResidue.get(k)!.anchors);
    return Math.atan2(a.y - mid.y, a.x - mid.x);
  });
  // Neighbours on the ring must clear each other's box: apart by a label's width where the ring
  // runs across (top and bottom), by its height where it runs down (left and right). Two points
  // Δ apart at angle θ are (ringX·sinθ·Δ, ringY·cosθ·Δ) apart, so the angle they need there is
  // min(w / (ringX·|sinθ|), h / (ringY·|cosθ|)); its largest value over θ, √((w/ringX)² + (h/ringY)²),
  // serves everywhere. When the labels need more than the circle, the ring grows (as far as the
  // picture allows; beyond that they are evenly spaced).
  const widest = Math.max(0, ...keys.map((k) => labelWidth(byResidue.get(k)!.label)));
  const maxX = Math.max(20, width / 2 - widest / 2 - 4);
  const maxY = Math.max(20, height / 2 - DIAGRAM.labelHeight);
  const needAt = (rx: number, ry: number) => Math.hypot((widest + 4) / rx, (DIAGRAM.labelHeight * 1.3) / ry);
  let ringX = Math.min(maxX, radius + DIAGRAM.ringGap);
  let ringY = Math.min(maxY, radius + DIAGRAM.ringGap);
  const grow = (keys.length * needAt(ringX, ringY)) / TAU;
  if (grow > 1) {
    ringX = Math.min(maxX, ringX * grow);
    ringY = Math.min(maxY, ringY * grow);
  }
  const gap = Math.min(TAU / Math.max(1, keys.length), needAt(ringX, ringY));
  const angles = spreadAngles(wanted, gap);
  const residues: DiagramResidue[] = keys.map((key, i) => {
    const label = byResidue.get(key)!.label;
    return {
      key,
      label,
      x: mid.x + Math.cos(angles[i]!) * ringX,
      y: mid.y + Math.sin(angles[i]!) * ringY,
      width: labelWidth(label),
      height: DIAGRAM.labelHeight,
    };
  });
  const residueOf = new Map(residues.map((r) => [r.key, r]));

  const lines: DiagramLine[] = [];
  for (const c of input.contacts) {
    const points = c.atoms.map((i) => atoms[i]).filter((p): p is DiagramAtom => !!p);
    const residue = residueOf.get(c.residueKey);
    if (points.length === 0 || !residue) continue;
    const from = centre(points);
    lines.push({
      kind: c.kind,
      color: CONTACT_COLORS[c.kind],
      dash: CONTACT_DASH[c.kind],
      from,
      to: boxEdgePoint(from, residue),
      distance: c.distance,
      residueKey: c.residueKey,
    });
  }
  const present = new Set(lines.map((l) => l.kind));
  return { width, height, atoms, bonds, residues, lines, kinds: CONTACT_KINDS.filter((k) => present.has(k)) };
}

/** Element colours for heteroatom labels (a common depiction palette). */
export function elementColor(symbol: string): string {
  switch (symbol.toUpperCase()) {
    case 'N':
      return '#3050F8';
    case 'O':
      return '#E00000';
    case 'S':
      return '#B8A000';
    case 'P':
      return '#FF8000';
    case 'F':
    case 'CL':
      return '#1FA01F';
    case 'BR':
      return '#A62929';
    case 'I':
      return '#940094';
    default:
      return '#333333';
  }
}
