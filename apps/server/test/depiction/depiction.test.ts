import type { AuthResult, Layout2dResult } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSdf } from '../chem/sdf-geometry';
import { benchFile } from '../support/bench';
import { countRows, expectFailure, expectOk, sharedProject } from '../support/helpers';
import { expectedAnswer, ROLES, type Role } from '../support/roles';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';

/**
 * POST /v1/depiction/layout-2d: 2D coordinates of a ligand graph for the 2D interaction
 * diagram, one per atom in the order sent; refusals of bad graphs; who may call it.
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'Depiction');
});
afterAll(() => t?.close());

const layout = (body: Record<string, unknown>, token: string | null = owner.token) =>
  t.request<Layout2dResult>('POST', '/v1/depiction/layout-2d', { token: token ?? undefined, body });

/** The heavy-atom graph of a bench ligand, as the web sends it. */
function ligandGraph(id: string) {
  const mol = parseSdf(benchFile(id, 'ligand.sdf').toString())[0]!;
  const keep = mol.atoms.map((a, i) => (a.element === 'H' ? -1 : i)).filter((i) => i >= 0);
  const index = new Map(keep.map((old, i) => [old, i]));
  const atoms = keep.map((i) => mol.atoms[i]!.element);
  const bonds = mol.bonds
    .filter((b) => index.has(b.a) && index.has(b.b))
    .map((b) => [index.get(b.a)!, index.get(b.b)!, b.order] as [number, number, number]);
  return { atoms, bonds };
}

describe('2D layout of a ligand graph', () => {
  it('answers one point per atom, in order, with bonded atoms about one bond length apart', async () => {
    const { atoms, bonds } = ligandGraph('1w1p');
    const { coords } = expectOk(await layout({ project_id: projectId, atoms, bonds }));
    expect(coords).toHaveLength(atoms.length);
    const dist = (a: number, b: number) => Math.hypot(coords[a]![0] - coords[b]![0], coords[a]![1] - coords[b]![1]);
    // RDKit's 2D bond length is 1.5; a layout unrelated to the bonds would not keep every bond near it.
    for (const [a, b] of bonds) expect(dist(a, b)).toBeGreaterThan(1.2);
    for (const [a, b] of bonds) expect(dist(a, b)).toBeLessThan(1.8);
    // Not all on one spot or one line.
    const xs = new Set(coords.map(([x]) => x.toFixed(1)));
    const ys = new Set(coords.map(([, y]) => y.toFixed(1)));
    expect(Math.min(xs.size, ys.size)).toBeGreaterThan(2);
  });

  it('lays out a graph RDKit cannot sanitise (a nitrogen with four single bonds and no charge)', async () => {
    const { coords } = expectOk(
      await layout({
        project_id: projectId,
        atoms: ['N', 'C', 'C', 'C', 'C'],
        bonds: [
          [0, 1, 1],
          [0, 2, 1],
          [0, 3, 1],
          [0, 4, 1],
        ],
      }),
    );
    expect(coords).toHaveLength(5);
  });

  it.each([
    ['a bond to an atom that is not sent', { atoms: ['C', 'O'], bonds: [[0, 2, 1]] }],
    ['a bond from an atom to itself', { atoms: ['C', 'O'], bonds: [[1, 1, 1]] }],
    ['a bond order of 5', { atoms: ['C', 'O'], bonds: [[0, 1, 5]] }],
    ['no atoms', { atoms: [], bonds: [] }],
    ['an element that is not a symbol', { atoms: ['C1'], bonds: [] }],
    ['more atoms than allowed', { atoms: Array.from({ length: 301 }, () => 'C'), bonds: [] }],
  ])('refuses %s', async (_name, graph) => {
    const res = await layout({ project_id: projectId, ...graph });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});

describe('who may ask for a 2D layout (reading the project is enough)', () => {
  const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
  let rwProject: number;
  let roProject: number;

  beforeAll(async () => {
    users.owner = owner;
    for (const role of ['readWriteMember', 'readOnlyMember', 'stranger'] as const) users[role] = await registerUser(t);
    users.guest = await guestLogin(t);
    // The guest owns a project of its own: being signed in elsewhere grants nothing here.
    await createProject(t, users.guest.token, 'Guest');
    rwProject = (await sharedProject(t, owner.token, 'READ_WRITE', [users.readWriteMember.token], 'RW12')).id;
    roProject = (await sharedProject(t, owner.token, 'READ_ONLY', [users.readOnlyMember.token], 'RO12')).id;
  });

  it.each(ROLES)('%s', async (role) => {
    const files = await countRows(t, 'files');
    const project = role === 'readOnlyMember' ? roProject : rwProject;
    const res = await layout(
      {
        project_id: project,
        atoms: ['C', 'C', 'O'],
        bonds: [
          [0, 1, 1],
          [1, 2, 2],
        ],
      },
      role === 'noToken' ? null : users[role].token,
    );
    const want = expectedAnswer(role);
    if (want === 200) expect(expectOk(res).coords).toHaveLength(3);
    else expectFailure(res, want[0], want[1]);
    // Nothing is stored.
    expect(await countRows(t, 'files')).toBe(files);
  });
});
