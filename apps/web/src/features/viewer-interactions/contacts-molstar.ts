import { computeContacts } from 'molstar/lib/extensions/interactions/compute';
import { OrderedSet, Segmentation } from 'molstar/lib/mol-data/int';
import { Sphere3D } from 'molstar/lib/mol-math/geometry';
import { Vec3 } from 'molstar/lib/mol-math/linear-algebra';
import {
  type ElementIndex,
  type Structure,
  StructureElement,
  StructureProperties,
  Unit,
} from 'molstar/lib/mol-model/structure';
import {
  InteractionsParams,
  type InteractionsProps,
} from 'molstar/lib/mol-model-props/computed/interactions/interactions';
import type { RuntimeContext } from 'molstar/lib/mol-task';
import { ParamDefinition as PD } from 'molstar/lib/mol-util/param-definition';
import { isLigandName } from '../../viewer/toolbar/ligands';
import {
  type ContactKind,
  type ContactSide,
  contactKindOf,
  enabledKinds,
  INTERACTION_DETECTION,
  type InteractionOptions,
  molstarInteractionProps,
  objectAllows,
} from './interaction-options';

/**
 * Contacts between the visible structures, by Mol*'s interactions extension (compute.ts), which
 * computes contacts between the units of different selections — also of different structures,
 * so a receptor file and a separately loaded ligand file (a docking pose) interact. The parts
 * handed to it follow the object of interaction; what it finds is then typed (our contact
 * kinds), filtered by the enabled kinds and the object, and described for the 2D diagram.
 */

export interface ResidueId {
  structureRef: string;
  name: string;
  chain: string;
  seq: number;
  insCode: string;
}

export interface ContactEnd {
  structureRef: string;
  side: ContactSide;
  residue: ResidueId;
  /** The model the atoms index into (its id) and their element indices in it. */
  modelId: string;
  elements: number[];
  /** Centre of the end's atoms (a ring's centre for π contacts). */
  center: [number, number, number];
}

export interface Contact {
  kind: ContactKind;
  /** For H-bonds the donor. */
  a: ContactEnd;
  b: ContactEnd;
  distance: number;
}

export interface StructureInput {
  ref: string;
  structure: Structure;
}

/** Mol*'s BondType.Flag.Aromatic. */
const AROMATIC_FLAG = 16;

const WATER = new Set(['HOH', 'WAT', 'H2O', 'DOD']);

export const residueKey = (r: ResidueId) => `${r.structureRef}|${r.chain}|${r.seq}|${r.insCode}|${r.name}`;

interface Residue {
  structureRef: string;
  structure: Structure;
  unit: Unit.Atomic;
  /** Unit indices [start, end). */
  start: number;
  end: number;
  id: ResidueId;
  ligand: boolean;
}

const location = StructureElement.Location.create();

function residuesOf({ ref, structure }: StructureInput): Residue[] {
  const out: Residue[] = [];
  location.structure = structure;
  for (const unit of structure.units) {
    if (!Unit.isAtomic(unit)) continue;
    location.unit = unit;
    const segments = Segmentation.transientSegments(unit.model.atomicHierarchy.residueAtomSegments, unit.elements);
    while (segments.hasNext) {
      const { start, end } = segments.move();
      location.element = unit.elements[start] as ElementIndex;
      const name = StructureProperties.atom.label_comp_id(location).trim().toUpperCase();
      if (WATER.has(name)) continue;
      out.push({
        structureRef: ref,
        structure,
        unit,
        start,
        end,
        ligand: isLigandName(name),
        id: {
          structureRef: ref,
          name,
          chain: StructureProperties.chain.auth_asym_id(location),
          seq: StructureProperties.residue.auth_seq_id(location),
          insCode: StructureProperties.residue.pdbx_PDB_ins_code(location) ?? '',
        },
      });
    }
  }
  return out;
}

const pos = Vec3();
function residuePositions(r: Residue): Vec3[] {
  const points: Vec3[] = [];
  for (let i = r.start; i < r.end; i++) {
    r.unit.conformation.position(r.unit.elements[i]!, pos);
    points.push(Vec3.clone(pos));
  }
  return points;
}

function near(points: readonly Vec3[], targets: readonly Vec3[], radius: number): boolean {
  const r2 = radius * radius;
  for (const p of points) for (const t of targets) if (Vec3.squaredDistance(p, t) <= r2) return true;
  return false;
}

/** A loci of whole residues of one structure (they may span units). */
function lociOf(structure: Structure, residues: readonly Residue[]): StructureElement.Loci {
  const byUnit = new Map<Unit, number[]>();
  for (const r of residues) {
    const list = byUnit.get(r.unit) ?? [];
    byUnit.set(r.unit, list);
    for (let i = r.start; i < r.end; i++) list.push(i);
  }
  const elements = [...byUnit].map(([unit, indices]) => ({
    unit,
    indices: OrderedSet.ofSortedArray(
      Int32Array.from(indices.sort((x, y) => x - y)),
    ) as OrderedSet<StructureElement.UnitIndex>,
  }));
  return StructureElement.Loci(structure, elements);
}

/** The parts handed to Mol*: each a loci of one structure; contacts are found between parts only. */
export function contactParts(inputs: readonly StructureInput[], options: InteractionOptions, ligandKey?: string) {
  const residues = inputs.flatMap(residuesOf);
  const ligands = residues.filter((r) => r.ligand && (!ligandKey || residueKey(r.id) === ligandKey));
  const ligandPoints = ligands.flatMap(residuePositions);
  const object = options.objectOfInteraction;
  // Receptor residues within the detection radius of a ligand (spec §9 max radius).
  const pocket = residues.filter(
    (r) =>
      !r.ligand && ligandPoints.length > 0 && near(residuePositions(r), ligandPoints, INTERACTION_DETECTION.maxRadius),
  );
  const parts: { structureRef: string; loci: StructureElement.Loci }[] = [];
  // Each ligand is a part, so two ligands interact (intra-ligand, all).
  if (object !== 'intraReceptor') {
    for (const l of ligands) parts.push({ structureRef: l.structureRef, loci: lociOf(l.structure, [l]) });
  }
  if (object === 'ligandReceptor') {
    // One receptor part per structure: receptor-receptor contacts are not asked for.
    for (const input of inputs) {
      const own = pocket.filter((r) => r.structureRef === input.ref);
      if (own.length > 0) parts.push({ structureRef: input.ref, loci: lociOf(input.structure, own) });
    }
  } else if (object !== 'intraLigand') {
    // Each pocket residue is a part, so residues interact with each other.
    for (const r of pocket) parts.push({ structureRef: r.structureRef, loci: lociOf(r.structure, [r]) });
  }
  return parts;
}

const sphere = Sphere3D();
function describeEnd(structureRef: string, loci: StructureElement.Loci): ContactEnd | null {
  const first = loci.elements[0];
  if (!first || OrderedSet.size(first.indices) === 0) return null;
  const unit = first.unit;
  const element = unit.elements[OrderedSet.getAt(first.indices, 0)]!;
  location.structure = loci.structure;
  location.unit = unit;
  location.element = element;
  const name = StructureProperties.atom.label_comp_id(location).trim().toUpperCase();
  const elements: number[] = [];
  for (const e of loci.elements) OrderedSet.forEach(e.indices, (i) => void elements.push(e.unit.elements[i]!));
  StructureElement.Loci.getBoundingSphere(loci, sphere);
  return {
    structureRef,
    side: isLigandName(name) ? 'ligand' : 'receptor',
    modelId: unit.model.id,
    elements,
    center: [sphere.center[0] ?? 0, sphere.center[1] ?? 0, sphere.center[2] ?? 0],
    residue: {
      structureRef,
      name,
      chain: StructureProperties.chain.auth_asym_id(location),
      seq: StructureProperties.residue.auth_seq_id(location),
      insCode: StructureProperties.residue.pdbx_PDB_ins_code(location) ?? '',
    },
  };
}

/** Whether the first atom of a loci (a weak H-bond's donor) is in an aromatic ring. */
function aromaticDonor(loci: StructureElement.Loci): boolean {
  const first = loci.elements[0];
  if (!first || !Unit.isAtomic(first.unit)) return false;
  const index = OrderedSet.getAt(first.indices, 0);
  return first.unit.rings.elementAromaticRingIndices.has(index);
}

/** Mol*'s full interaction props: its defaults, with our providers on or off (their own defaults, our overrides). */
export function fullInteractionProps(options: InteractionOptions): InteractionsProps {
  const defaults = PD.getDefaultValues(InteractionsParams);
  const providers = { ...defaults.providers } as Record<string, unknown>;
  const mapped = InteractionsParams.providers.params as Record<string, PD.Mapped<PD.NamedParams<unknown, string>>>;
  for (const [key, value] of Object.entries(molstarInteractionProps(options).providers)) {
    const def = mapped[key];
    if (!def) continue;
    providers[key] =
      value.name === 'on'
        ? { name: 'on', params: { ...(def.map('on').defaultValue as object), ...value.params } }
        : { name: 'off', params: {} };
  }
  return { ...defaults, providers: providers as InteractionsProps['providers'] };
}

/** Contacts among the given structures for these options (optionally of one ligand only). */
export async function findContacts(
  runtime: RuntimeContext,
  inputs: readonly StructureInput[],
  options: InteractionOptions,
  ligandKey?: string,
): Promise<Contact[]> {
  const kinds = enabledKinds(options);
  if (kinds.size === 0 || inputs.length === 0) return [];
  const parts = contactParts(inputs, options, ligandKey);
  if (parts.length < 2) return [];
  const found = await computeContacts(runtime, parts, { interactions: fullInteractionProps(options) });
  const contacts: Contact[] = [];
  for (const e of found.elements) {
    const kind = contactKindOf(e.info.kind, e.info.kind === 'weak-hydrogen-bond' && aromaticDonor(e.a));
    if (!kind || !kinds.has(kind)) continue;
    const a = describeEnd(e.aStructureRef ?? '', e.a);
    const b = describeEnd(e.bStructureRef ?? '', e.b);
    if (!a || !b || !objectAllows(options.objectOfInteraction, a.side, b.side)) continue;
    if (ligandKey && residueKey(a.residue) !== ligandKey && residueKey(b.residue) !== ligandKey) continue;
    contacts.push({ kind, a, b, distance: Vec3.distance(Vec3.create(...a.center), Vec3.create(...b.center)) });
  }
  return contacts;
}

/** Residue indices (of each structure's model) that take part in contacts: for the pocket sticks. */
export function contactResidueLoci(inputs: readonly StructureInput[], contacts: readonly Contact[]) {
  const keys = new Set(contacts.flatMap((c) => [residueKey(c.a.residue), residueKey(c.b.residue)]));
  const out: { ref: string; loci: StructureElement.Loci }[] = [];
  for (const input of inputs) {
    const residues = residuesOf(input).filter((r) => keys.has(residueKey(r.id)));
    if (residues.length > 0) out.push({ ref: input.ref, loci: lociOf(input.structure, residues) });
  }
  return out;
}

/** A ligand's heavy atoms and bonds as read from Mol* (element indices in its model, in order). */
export interface LigandGraph {
  residue: ResidueId;
  modelId: string;
  elements: number[];
  symbols: string[];
  bonds: [number, number, number][];
}

/** Every ligand of the given structures (spec §9 exclusions), in load order, with its atom count. */
export function listLigands(inputs: readonly StructureInput[]): (ResidueId & { atoms: number })[] {
  const seen = new Set<string>();
  const out: (ResidueId & { atoms: number })[] = [];
  for (const input of inputs) {
    for (const r of residuesOf(input)) {
      const key = residueKey(r.id);
      if (r.ligand && !seen.has(key)) {
        seen.add(key);
        out.push({ ...r.id, atoms: r.end - r.start });
      }
    }
  }
  return out;
}

/** The heavy-atom graph of one ligand (first unit holding it); aromatic bonds as order 4. */
export function ligandGraph(inputs: readonly StructureInput[], ligandKey: string): LigandGraph | null {
  for (const input of inputs) {
    const r = residuesOf(input).find((x) => residueKey(x.id) === ligandKey);
    if (!r) continue;
    const unit = r.unit;
    const index = new Map<number, number>();
    const elements: number[] = [];
    const symbols: string[] = [];
    location.structure = input.structure;
    location.unit = unit;
    for (let i = r.start; i < r.end; i++) {
      location.element = unit.elements[i]!;
      const symbol = String(StructureProperties.atom.type_symbol(location));
      if (symbol.toUpperCase() === 'H' || symbol.toUpperCase() === 'D') continue;
      index.set(i, elements.length);
      elements.push(unit.elements[i]!);
      symbols.push(symbol);
    }
    const { a, b, edgeProps } = unit.bonds;
    const bonds: [number, number, number][] = [];
    for (let e = 0; e < a.length; e++) {
      const ia = index.get(a[e]!);
      const ib = index.get(b[e]!);
      if (ia === undefined || ib === undefined || ia >= ib) continue;
      // BondType.Flag.Aromatic (a const enum, not readable here).
      const aromatic = ((edgeProps.flags[e] ?? 0) & AROMATIC_FLAG) !== 0;
      const order = aromatic ? 4 : Math.min(3, Math.max(1, edgeProps.order[e] ?? 1));
      bonds.push([ia, ib, order]);
    }
    return { residue: r.id, modelId: unit.model.id, elements, symbols, bonds };
  }
  return null;
}

/** Contact ends by residue: which ligand atoms (indices into the graph) touch which residue. */
export function ligandContacts(graph: LigandGraph, contacts: readonly Contact[]) {
  const key = residueKey(graph.residue);
  const atomIndex = new Map(graph.elements.map((e, i) => [e, i]));
  const out: { kind: ContactKind; atoms: number[]; partner: ResidueId; distance: number }[] = [];
  for (const c of contacts) {
    const [mine, other] =
      residueKey(c.a.residue) === key ? [c.a, c.b] : residueKey(c.b.residue) === key ? [c.b, c.a] : [null, null];
    if (!mine || !other || mine.modelId !== graph.modelId) continue;
    const atoms = mine.elements.map((e) => atomIndex.get(e)).filter((i): i is number => i !== undefined);
    if (atoms.length === 0) continue;
    out.push({ kind: c.kind, atoms, partner: other.residue, distance: c.distance });
  }
  return out;
}
