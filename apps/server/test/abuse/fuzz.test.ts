import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type AuthResult, type MessageKey, messages, type ProjectFile } from '@medx/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../../src/lib/zip-writer';
import { benchFile } from '../support/bench';
import { countRows } from '../support/helpers';
import { createProject, createTestApp, guestLogin, type TestApp, type TestResponse } from '../support/test-app';
import { importFile, importOk, objectsUnder } from '../support/uploads';

/**
 * Property-based abuse of the calls that read user input: structure files, SMILES,
 * archives, JSON bodies and headers for import, conversion, pockets and docking.
 * Whatever is generated, the server answers 2xx or a 4xx with success:false and a
 * message that is not a bare "Invalid value"; it never answers 5xx, never blocks its
 * event loop for a second, and a refused import leaves no row and no stored object.
 *
 * The seed is fixed so CI sees the same cases every run (FUZZ_SEED explores others;
 * FUZZ_RUNS scales every property); each property also stops at a time limit, so the
 * whole suite stays within a couple of minutes on a loaded machine.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const options = (numRuns: number, seconds: number) => ({
  seed: SEED,
  numRuns: Math.max(1, Math.round(numRuns * SCALE)),
  interruptAfterTimeLimit: seconds * 1000 * Math.max(1, SCALE),
  markInterruptAsFailure: false,
  endOnFailure: true,
});

/** Texts that refuse without saying what is wrong. */
const GENERIC = new Set<string>(
  (['invalidValue', 'internalError', 'fieldRequired', 'textTooLong'] as MessageKey[]).flatMap((k) => [
    messages[k].en,
    messages[k]['zh-CN'],
  ]),
);

let t: TestApp;
let guest: AuthResult;
let projectId: number;
let protein: ProjectFile;
let ligand: ProjectFile;
const loop = monitorEventLoopDelay({ resolution: 10 });

beforeAll(async () => {
  t = await createTestApp();
  guest = await guestLogin(t);
  projectId = await createProject(t, guest.token, 'Fuzz');
  protein = await importOk(t, guest.token, projectId, 'receptor.pdb', benchFile('1w1p', 'receptor.pdb'));
  ligand = await importOk(t, guest.token, projectId, 'ligand.sdf', benchFile('1w1p', 'ligand.sdf'));
  loop.enable();
});
afterAll(async () => {
  loop.disable();
  await t?.close();
});

/** The answer is an envelope: 2xx success, or 4xx with a message that names the problem. */
function expectClean(res: TestResponse, what: string): void {
  if (res.status >= 500 || res.status < 200 || (res.status >= 300 && res.status < 400)) {
    throw new Error(`${what}: answered ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  }
  if (res.status >= 400) {
    expect(res.body.success, what).toBe(false);
    expect(typeof res.body.msg === 'string' && res.body.msg.trim() !== '', `${what}: empty message`).toBe(true);
    if (GENERIC.has(res.body.msg)) throw new Error(`${what}: refused with the bare '${res.body.msg}'`);
  } else {
    expect(res.body.success, what).toBe(true);
  }
}

// --- generators ---

const SMILES_ATOMS = [
  'C',
  'c',
  'N',
  'n',
  'O',
  'o',
  'S',
  'P',
  'F',
  'Cl',
  'Br',
  'I',
  'B',
  '[nH]',
  '[NH4+]',
  '[O-]',
  '[Fe+2]',
  '[2H]',
  '[C@H]',
  '[C@@H]',
  '*',
];
const SMILES_GLUE = ['(', ')', '=', '#', '1', '2', '3', '%10', '%99', '.', '/', '\\', '-', ':', '@', '[', ']', '+'];
const smilesArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(fc.constantFrom(...SMILES_ATOMS, ...SMILES_GLUE), { maxLength: 120 }).map((a) => a.join('')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 400, max: 4000 }).map((n) => 'C'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 1500 }).map((n) => `${'C('.repeat(n)}C${')'.repeat(n)}`) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 400 }).map((n) => `${'c1ccc2'.repeat(n)}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
);

/** A number as a structure file may spell it: ordinary, huge, tiny, or not a number at all. */
const coordinate = fc.oneof(
  { weight: 5, arbitrary: fc.double({ min: -999, max: 9999, noNaN: true }).map((v) => v.toFixed(3)) },
  { weight: 1, arbitrary: fc.constantFrom('1e308', '-1e308', 'nan', 'NaN', 'inf', '-Infinity', '', '1e-320', '0x10') },
  { weight: 1, arbitrary: fc.double().map(String) },
);
const pad = (s: string, width: number) => s.slice(0, width).padStart(width);
const pdbAtomLine = fc
  .record({
    record: fc.constantFrom('ATOM  ', 'HETATM'),
    serial: fc.integer({ min: -9999, max: 999999 }),
    name: fc.constantFrom(' CA ', ' N  ', ' O  ', ' C1 ', 'FE  ', '    ', ' XX '),
    res: fc.constantFrom('ALA', 'GLY', 'HOH', 'LIG', 'ZN ', '   ', 'UNK'),
    chain: fc.constantFrom('A', 'B', ' ', 'z'),
    seq: fc.integer({ min: -999, max: 99999 }),
    x: coordinate,
    y: coordinate,
    z: coordinate,
    element: fc.constantFrom(' C', ' N', ' O', 'FE', 'ZN', '  ', 'XX', ' H'),
  })
  .map(
    (a) =>
      `${a.record}${pad(String(a.serial), 5)} ${a.name} ${a.res} ${a.chain}${pad(String(a.seq), 4)}    ${pad(a.x, 8)}${pad(a.y, 8)}${pad(a.z, 8)}  1.00  0.00          ${a.element}`,
  );
const pdbArb = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: pdbAtomLine },
      { weight: 1, arbitrary: fc.constantFrom('TER', 'END', 'MODEL 1', 'ENDMDL', 'CONECT    1    2', 'REMARK') },
      { weight: 1, arbitrary: fc.string({ maxLength: 90 }) },
    ),
    {
      maxLength: 60,
    },
  )
  .map((lines) => `${lines.join('\n')}\n`);
const sdfArb = fc
  .record({
    atoms: fc.array(fc.tuple(coordinate, coordinate, coordinate, fc.constantFrom('C', 'N', 'O', 'H', 'Xx', 'Fe')), {
      maxLength: 30,
    }),
    declaredAtoms: fc.option(fc.integer({ min: -5, max: 999 })),
    bonds: fc.array(
      fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 9 })),
      { maxLength: 30 },
    ),
    records: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ atoms, declaredAtoms, bonds, records }) => {
    const block = [
      'fuzz',
      '  medx',
      '',
      `${pad(String(declaredAtoms ?? atoms.length), 3)}${pad(String(bonds.length), 3)}  0  0  0  0  0  0  0  0999 V2000`,
      ...atoms.map(
        ([x, y, z, e]) => `${pad(x, 10)}${pad(y, 10)}${pad(z, 10)} ${e.padEnd(3)} 0  0  0  0  0  0  0  0  0  0  0  0`,
      ),
      ...bonds.map(([a, b, o]) => `${pad(String(a), 3)}${pad(String(b), 3)}${pad(String(o), 3)}  0`),
      'M  END',
      '$$$$',
    ].join('\n');
    return `${Array(records).fill(block).join('\n')}\n`;
  });
const mol2Arb = fc
  .array(fc.tuple(coordinate, coordinate, coordinate, fc.constantFrom('C.3', 'N.ar', 'O.2', 'H', 'Du', 'X')), {
    maxLength: 20,
  })
  .map(
    (atoms) =>
      `@<TRIPOS>MOLECULE\nfuzz\n${atoms.length} 0 0 0 0\nSMALL\nNO_CHARGES\n\n@<TRIPOS>ATOM\n${atoms
        .map(([x, y, z, type], i) => `${i + 1} A${i} ${x} ${y} ${z} ${type} 1 LIG 0.0`)
        .join('\n')}\n@<TRIPOS>BOND\n`,
  );
const textFile = fc.oneof(
  pdbArb.map((content) => ({ ext: 'pdb', content })),
  pdbArb.map((content) => ({ ext: 'pdbqt', content })),
  sdfArb.map((content) => ({ ext: 'sdf', content })),
  mol2Arb.map((content) => ({ ext: 'mol2', content })),
  smilesArb.map((s) => ({ ext: 'smi', content: `${s} fuzz\n` })),
  fc
    .tuple(fc.constantFrom('xyz', 'cif', 'csv', 'json'), fc.string({ maxLength: 400 }))
    .map(([ext, content]) => ({ ext, content })),
);
const binaryFile = fc.record({
  ext: fc.constantFrom('png', 'jpg', 'ccp4', 'zip', 'pdb', 'sdf', 'csv', 'json'),
  bytes: fc.uint8Array({ maxLength: 3000 }),
});
const zipArb = fc
  .record({
    entries: fc.array(
      fc.record({
        name: fc.oneof(
          fc.constantFrom('a.pdb', 'b.sdf', 'c.smi', '../evil.pdb', '/abs.pdb', 'dir/', 'x.exe', 'd/e.mol2'),
          fc.string({ maxLength: 30 }),
        ),
        content: fc.oneof(pdbArb, sdfArb, fc.string({ maxLength: 200 })),
        deflate: fc.boolean(),
      }),
      { maxLength: 5 },
    ),
    corrupt: fc.option(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 }))),
  })
  .map(({ entries, corrupt }) => {
    const zip = makeZip(entries.map((e) => ({ name: e.name, content: Buffer.from(e.content), deflate: e.deflate })));
    if (corrupt && zip.length > 0) {
      const at = corrupt[0] % zip.length;
      zip[at] = (zip[at] ?? 0) ^ corrupt[1];
    }
    return zip;
  });

/** Imports a file; a refusal must leave the project's rows and stored objects as they were. */
async function importChecked(name: string, content: Buffer): Promise<void> {
  const [rows, objects] = [await countRows(t, 'files'), (await objectsUnder(t, `projects/${projectId}`)).length];
  const res = await importFile(t, guest.token, projectId, name, content);
  expectClean(res, `import ${name}`);
  if (res.status !== 200) {
    expect(await countRows(t, 'files'), `rows after refused ${name}`).toBe(rows);
    expect((await objectsUnder(t, `projects/${projectId}`)).length, `objects after refused ${name}`).toBe(objects);
  }
}

describe('fuzz: files', () => {
  it('imports of generated structure and text files answer cleanly and leave nothing when refused', async () => {
    await fc.assert(
      fc.asyncProperty(textFile, async ({ ext, content }) => {
        await importChecked(`fuzz.${ext}`, Buffer.from(content));
      }),
      options(60, 40),
    );
  });

  it('random bytes under any extension, and generated (possibly corrupt) zips', async () => {
    await fc.assert(
      fc.asyncProperty(binaryFile, async ({ ext, bytes }) => importChecked(`bytes.${ext}`, Buffer.from(bytes))),
      options(25, 20),
    );
    await fc.assert(
      fc.asyncProperty(zipArb, async (zip) => importChecked('archive.zip', zip)),
      options(25, 20),
    );
  });

  it('convert_to_smiles of generated content in every format', async () => {
    await fc.assert(
      fc.asyncProperty(textFile, async ({ ext, content }) => {
        const res = await t.request('POST', '/v1/files/convert_to_smiles', {
          token: guest.token,
          body: { ext, content },
        });
        expectClean(res, `convert_to_smiles ${ext}`);
      }),
      options(120, 30),
    );
  });
});

// --- JSON bodies: the real field names with values of any JSON type ---

const anyJson = fc.oneof(
  { weight: 3, arbitrary: fc.double({ noNaN: false }) },
  { weight: 3, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 31, 2 ** 53, 1.5, '1', '', null, true, [], {}) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
const withFields = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(
    Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [
        k,
        fc.oneof({ weight: 3, arbitrary: v }, { weight: 1, arbitrary: anyJson }),
      ]),
    ),
    { requiredKeys: [] },
  );
const pocketArb = withFields({
  center_x: fc.double({ min: -100, max: 100, noNaN: true }),
  center_y: fc.double({ min: -100, max: 100, noNaN: true }),
  center_z: fc.double({ min: -100, max: 100, noNaN: true }),
  size_x: fc.double({ min: 1, max: 40, noNaN: true }),
  size_y: fc.double({ min: 1, max: 40, noNaN: true }),
  size_z: fc.double({ min: 1, max: 40, noNaN: true }),
});

describe('fuzz: JSON bodies', () => {
  it('docking submissions with any values in any field', async () => {
    const body = () =>
      withFields({
        project_id: fc.constant(projectId),
        protein_id: fc.constant(protein.id),
        ligand_ids: fc.array(fc.oneof(fc.constant(ligand.id), anyJson), { maxLength: 3 }),
        pocket: pocketArb,
        settings: withFields({
          exhaustiveness: fc.integer({ min: -5, max: 100 }),
          num_modes: fc.integer({ min: -5, max: 100 }),
          energy_range: fc.double({ noNaN: true }),
          seed: fc.oneof(fc.integer(), fc.constant(2 ** 31), fc.constant(2 ** 40)),
          job_name: fc.string({ maxLength: 300 }),
          ring_conformers: fc.integer({ min: -1, max: 50 }),
        }),
      });
    await fc.assert(
      fc.asyncProperty(body(), async (b) => {
        const res = await t.request('POST', '/v1/jobs/docking', { token: guest.token, body: b });
        expectClean(res, `docking ${JSON.stringify(b).slice(0, 200)}`);
        // A submission the fuzz happened to get right is queued, not run (the runner is not started); cancel it.
        if (res.status === 200) {
          const id = (res.body.data as { job_id: number }).job_id;
          await t.request('POST', `/v1/jobs/${id}/cancel`, { token: guest.token });
        }
      }),
      options(250, 30),
    );
  });

  it('pocket calls with any values', async () => {
    const calls = fc.oneof(
      withFields({ project_id: fc.constant(projectId), ligand_id: fc.constant(ligand.id), padding: fc.double() }).map(
        (b) => ({ path: 'pocket/ligand', b }),
      ),
      withFields({
        project_id: fc.constant(projectId),
        protein_id: fc.constant(protein.id),
        residues: fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.constantFrom('A:45 67', '1 2 3', 'A:999999', ':::', '45,67'),
        ),
        cutoff: fc.double(),
      }).map((b) => ({ path: 'pocket/residues', b })),
      withFields({
        project_id: fc.constant(projectId),
        protein_id: fc.oneof(fc.constant(protein.id), fc.constant(ligand.id)),
        max: fc.integer({ min: -3, max: 50 }),
      }).map((b) => ({
        path: 'pockets/detect',
        b,
      })),
    );
    await fc.assert(
      fc.asyncProperty(calls, async ({ path, b }) => {
        const res = await t.request('POST', `/v1/docking/${path}`, { token: guest.token, body: b });
        expectClean(res, `${path} ${JSON.stringify(b).slice(0, 200)}`);
      }),
      options(150, 30),
    );
  });

  it('headers: language, token and content type of any shape', async () => {
    const headers = fc.record(
      {
        'accept-language': fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.constantFrom('zh-CN', 'en', '*', 'zh;q=abc', ',,,'),
        ),
        token: fc.oneof(fc.string({ maxLength: 80 }), fc.constant(guest.token), fc.constant(`${guest.token}x`)),
        'content-type': fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
        ),
      },
      { requiredKeys: [] },
    );
    const payload = fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 }));
    await fc.assert(
      fc.asyncProperty(
        headers,
        payload,
        fc.constantFrom(
          '/v1/projects',
          '/v1/files/convert_to_smiles',
          '/v1/jobs/docking',
          `/v1/projects/${projectId}/join`,
        ),
        async (h, body, url) => {
          const safe = Object.fromEntries(
            Object.entries(h).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v as string)),
          ) as Record<string, string>;
          const method = url === '/v1/projects' ? 'GET' : 'POST';
          const res = await t.app.http.inject({
            method,
            url,
            headers: safe,
            ...(method === 'POST' ? { payload: body } : {}),
          });
          const parsed = { status: res.statusCode, body: res.json() as TestResponse['body'] };
          expectClean(parsed, `${method} ${url} ${JSON.stringify(safe)}`);
        },
      ),
      options(200, 20),
    );
  });
});

describe('fuzz: the event loop', () => {
  it('was never blocked for a second while all of the above ran', () => {
    expect(loop.max / 1e6).toBeLessThan(1000);
  });
});
