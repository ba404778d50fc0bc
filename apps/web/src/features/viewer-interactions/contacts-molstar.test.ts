import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parsePDB } from 'molstar/lib/mol-io/reader/pdb/parser';
import { parseSdf } from 'molstar/lib/mol-io/reader/sdf/parser';
import { Structure } from 'molstar/lib/mol-model/structure';
import { trajectoryFromPDB } from 'molstar/lib/mol-model-formats/structure/pdb';
import { trajectoryFromSdf } from 'molstar/lib/mol-model-formats/structure/sdf';
import { Task } from 'molstar/lib/mol-task';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  findContacts,
  ligandContacts,
  ligandGraph,
  listLigands,
  residueKey,
  type StructureInput,
} from './contacts-molstar';
import { DEFAULT_INTERACTION_OPTIONS } from './interaction-options';

/**
 * Mol*'s contacts between two separately loaded files (1W1P's receptor PDB and its ligand SDF,
 * as a docking pose is shown), read with Mol*'s own parsers, no browser.
 */
const BENCH = resolve(__dirname, '../../../../../../shared/bench/1w1p');

async function structureOf(trajectory: Task<import('molstar/lib/mol-model/structure').Trajectory>) {
  const t = await trajectory.run();
  const frame = await Task.resolveInContext(t.getFrameAtIndex(0));
  return Structure.ofModel(frame);
}

let inputs: StructureInput[];

beforeAll(async () => {
  const pdb = await parsePDB(readFileSync(resolve(BENCH, 'receptor.pdb'), 'utf8')).run();
  if (pdb.isError) throw new Error(pdb.message);
  const sdf = await parseSdf(readFileSync(resolve(BENCH, 'ligand.sdf'), 'utf8')).run();
  if (sdf.isError) throw new Error(sdf.message);
  inputs = [
    { ref: 'receptor', structure: await structureOf(trajectoryFromPDB(pdb.result)) },
    { ref: 'pose', structure: await structureOf(trajectoryFromSdf(sdf.result.compounds[0]!)) },
  ];
}, 60_000);

const run = <T>(f: (ctx: import('molstar/lib/mol-task').RuntimeContext) => Promise<T>) => Task.create('test', f).run();

describe('contacts between a receptor file and a pose file', () => {
  it('finds ligand-receptor contacts of the pose across the two structures', async () => {
    const pose = listLigands(inputs).filter((l) => l.structureRef === 'pose');
    expect(pose).toHaveLength(1);
    const key = residueKey(pose[0]!);
    const contacts = await run((ctx) => findContacts(ctx, inputs, DEFAULT_INTERACTION_OPTIONS, key));
    expect(contacts.length).toBeGreaterThan(2);
    for (const c of contacts) {
      const sides = [c.a.side, c.b.side].sort();
      expect(sides).toEqual(['ligand', 'receptor']);
      const structures = [c.a.structureRef, c.b.structureRef].sort();
      expect(structures).toEqual(['pose', 'receptor']);
      // Within reach: no contact kind spans more than Mol*'s largest distance (6 Å or so).
      expect(c.distance).toBeLessThan(6.5);
    }
    expect(new Set(contacts.map((c) => c.kind)).has('hydrogen-bond')).toBe(true);
  });

  it('draws no kinds that are switched off, and nothing with every switch off', async () => {
    const key = residueKey(listLigands(inputs).find((l) => l.structureRef === 'pose')!);
    const onlyHbonds = {
      ...DEFAULT_INTERACTION_OPTIONS,
      saltBridge: false,
      piStacking: false,
      piCations: false,
      halogenBonds: false,
    };
    const contacts = await run((ctx) => findContacts(ctx, inputs, onlyHbonds, key));
    expect(contacts.length).toBeGreaterThan(0);
    expect(new Set(contacts.map((c) => c.kind))).toEqual(new Set(['hydrogen-bond']));
    const none = await run((ctx) => findContacts(ctx, inputs, { ...onlyHbonds, hydrogenBonds: false }, key));
    expect(none).toEqual([]);
  });

  it('reads the pose as a heavy-atom graph and joins each contact to its atoms', async () => {
    const key = residueKey(listLigands(inputs).find((l) => l.structureRef === 'pose')!);
    const graph = ligandGraph(inputs, key)!;
    const sdf = readFileSync(resolve(BENCH, 'ligand.sdf'), 'utf8').split('\n');
    const heavy = sdf.slice(4, 4 + Number(sdf[3]!.slice(0, 3))).filter((l) => l.slice(31, 34).trim() !== 'H').length;
    expect(graph.symbols).toHaveLength(heavy);
    expect(graph.bonds.length).toBeGreaterThanOrEqual(heavy - 1);
    const contacts = await run((ctx) => findContacts(ctx, inputs, DEFAULT_INTERACTION_OPTIONS, key));
    const touching = ligandContacts(graph, contacts);
    expect(touching).toHaveLength(contacts.length);
    for (const c of touching) {
      for (const a of c.atoms) expect(a).toBeLessThan(heavy);
      expect(c.partner.structureRef).toBe('receptor');
    }
  });
});
