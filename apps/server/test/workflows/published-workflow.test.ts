import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JobSpaceImport, WorkflowDetails, WorkflowInvocation, WorkflowItem } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueOf, toolInstall } from '../../src/modules/tools/tool-admin';
import { expectOk } from '../support/helpers';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { importOk } from '../support/uploads';
import { waitUntil } from '../support/wait';

/**
 * A published Galaxy workflow imported and run unmodified: RECETOX's "InChI to QSAR-ready
 * SMILES" (.ga bytes as published), its three tools the public Tool Shed wrappers at the
 * versions the workflow names (bgruening's Open Babel compound conversion and counterion
 * removal, RECETOX's organometallics/anorganics filter), installed unmodified, run on a
 * published InChI file. fixtures/published/SOURCES.md says where every file comes from.
 */

const published = (path: string) => fileURLToPath(new URL(`../fixtures/published/${path}`, import.meta.url));
const GA = readFileSync(published('workflows/QSAR_ready_workflow.ga'), 'utf8');
const INPUT = readFileSync(published('inputs/input.inchi'), 'utf8');

let t: TestApp;
let token: string;
let project: number;
let workflowId: string;

const request = <T>(method: string, path: string, body?: unknown) => t.request<T>(method, path, { token, body });

beforeAll(async () => {
  t = await createTestApp();
  for (const folder of ['openbabel', 'filter_compounds']) {
    expect(await toolInstall(t.config, published(folder), () => {})).toBe(0);
  }
  token = (await registerUser(t)).token;
  project = await createProject(t, token, 'QSAR ready');
  t.app.jobs.runner.start();
}, 180_000);
afterAll(() => t?.close());

type Atoms = Record<string, number>;

/** The heavy atoms of an InChI formula component, its multiplier dropped: "2ClHO4" → {Cl: 1, O: 4}. */
function formulaAtoms(component: string): Atoms {
  const atoms: Atoms = {};
  for (const [, element, n] of component.replace(/^\d+/, '').matchAll(/([A-Z][a-z]?)(\d*)/g)) {
    if (element !== 'H') atoms[element!] = (atoms[element!] ?? 0) + (n ? Number(n) : 1);
  }
  return atoms;
}

const heavyCount = (atoms: Atoms) => Object.values(atoms).reduce((a, b) => a + b, 0);

/** The largest component of an InChI's main formula layer (the fragment counterion removal keeps). */
function largestComponent(inchi: string): Atoms {
  return inchi
    .split('/')[1]!
    .split('.')
    .map(formulaAtoms)
    .reduce((best, atoms) => (heavyCount(atoms) > heavyCount(best) ? atoms : best));
}

/** The heavy atoms a SMILES writes: bracket atoms, the organic subset, aromatic lower case. */
function smilesAtoms(smiles: string): Atoms {
  const atoms: Atoms = {};
  for (const [, bracket, plain] of smiles.matchAll(
    /\[\d*([A-Z][a-z]?|[a-z]{1,2})[^\]]*\]|(Cl|Br|[BCNOPSFI]|[bcnops])/g,
  )) {
    const symbol = bracket ?? plain!;
    const element = symbol[0]!.toUpperCase() + symbol.slice(1);
    if (element !== 'H') atoms[element] = (atoms[element] ?? 0) + 1;
  }
  return atoms;
}

/** The QSAR-ready rule of the last step: only C N O P F S I B Si Se Cl Br Li Na K (and H), and some carbon. */
const ALLOWED = new Set(['C', 'N', 'O', 'P', 'F', 'S', 'I', 'B', 'Si', 'Se', 'Cl', 'Br', 'Li', 'Na', 'K']);
const qsarReady = (atoms: Atoms) => 'C' in atoms && Object.keys(atoms).every((e) => ALLOWED.has(e));

describe('a published Galaxy workflow', () => {
  it('imports unmodified: runnable, every tool step found in the catalogue at the version it names', async () => {
    const item = expectOk(
      await request<WorkflowItem>('POST', '/v1/workflows/import', { file_name: 'QSAR_ready_workflow.ga', content: GA }),
    );
    expect(item).toMatchObject({
      name: 'InChI to QSAR-ready SMILES',
      runnable: true,
      missing_tools: [],
      source: 'imported',
    });
    workflowId = item.id;
    const details = expectOk(await request<WorkflowDetails>('GET', `/v1/workflows/${workflowId}`));
    expect(details.steps.map((s) => [s.type, s.label, s.missing])).toEqual([
      ['data_input', 'input_data1', false],
      ['tool', 'InChI to InChI conversion', false],
      ['tool', 'InChI to SMILES conversion', false],
      ['tool', 'Remove salts and fragments', false],
      ['tool', 'Remove organometallics and anorganics', false],
    ]);
    expect(details.steps[0]!.input).toMatchObject({ kind: 'data', format: ['inchi'] });
    // Tool Shed guids (toolshed.g2.bx.psu.edu/repos/<owner>/<repo>/<id>/<version>) name the installed ids.
    const steps = Object.values(
      (JSON.parse(GA) as { steps: Record<string, { tool_id: string | null; tool_version: string }> }).steps,
    );
    const named = steps.filter((s) => s.tool_id).map((s) => [s.tool_id!.split('/')[4]!, s.tool_version]);
    expect(named.map(([id]) => id)).toEqual([
      'openbabel_compound_convert',
      'openbabel_compound_convert',
      'openbabel_remIons',
      'filter_orgmet_anorg',
    ]);
    const catalogue = catalogueOf(t.config);
    const installed = await Promise.all(named.map(async ([id]) => [id, (await catalogue.get(id!))?.tool.version]));
    expect(installed).toEqual(named);
  });

  /*
   * The run needs two Galaxy behaviours of medx_galaxy: a multiple select without `optional`
   * is optional (step 2 leaves inchi_additional empty), and change_format's input may name a
   * conditional's param with a dot (`oformat.oformat_opts_selector`, step 2's output format).
   */
  it('runs on InChIs: stereo and charges dropped, salts removed, one QSAR-ready SMILES row per compound', async () => {
    const file = (await importOk(t, token, project, 'input.inchi', INPUT)).id;
    const space = expectOk(
      await request<JobSpaceImport>('POST', '/v1/tools/import', { project_id: project, file_ids: [file] }),
    );
    const { job_id } = expectOk(
      await request<{ job_id: number }>('POST', '/v1/jobs/workflow', {
        project_id: project,
        workflow_id: workflowId,
        workflow_inputs: [
          { step_id: 0, inputs: { batch: false, values: [{ id: space.items[0]!.galaxy_file_id, src: 'hda' }] } },
        ],
      }),
      'submitToolSuccessful',
    );
    const done = await waitUntil(
      async () => expectOk(await request<WorkflowInvocation>('GET', `/v1/jobs/workflow/${job_id}`)),
      (inv) => inv.state !== 'NEW',
      { timeoutMs: 120_000, intervalMs: 200, what: `invocation ${job_id} ending` },
    );
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ state: 'SCHEDULED', steps_done: 5, steps_total: 5 });
    expect(done.steps.map((s) => s.state)).toEqual(['DONE', 'DONE', 'DONE', 'DONE', 'DONE']);

    const outputs = done.steps.slice(1).map((s) => s.outputs.outfile![0]!);
    const files = await t.db.kysely.selectFrom('files').select(['id', 'ext']).where('id', 'in', outputs).execute();
    // The converter's <change_format> (inchi, then can → smi); the others keep their input's format.
    expect(outputs.map((id) => files.find((f) => f.id === id)?.ext)).toEqual(['inchi', 'smi', 'smi', 'smi']);
    const text = async (id: number) =>
      (await t.request<{ content: string }>('GET', `/v1/files/${id}/content`, { token })).body.data.content;

    const inchis = INPUT.trim().split('\n');
    expect(inchis).toHaveLength(15);
    // Step 2: InChI truncated with /nostereo /nochg /noiso: the input's stereo and charge layers are gone.
    const layers = (inchi: string) => inchi.split('/').map((layer) => layer[0]);
    expect(inchis.filter((i) => layers(i).some((l) => l === 't' || l === 'q')).length).toBeGreaterThan(5);
    const normalised = (await text(outputs[0]!)).trim().split('\n');
    expect(normalised).toHaveLength(inchis.length);
    const dropped = (inchi: string) => layers(inchi).filter((l) => ['t', 'm', 's', 'b', 'q', 'p', 'i'].includes(l!));
    for (const inchi of normalised) expect(dropped(inchi), inchi).toEqual([]);

    // The last step's indexed table: one row per input compound, in order; a compound kept when its
    // largest fragment is QSAR-ready (computed here from the input), an empty SMILES otherwise.
    const rows = (await text(outputs[3]!))
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((r) => Number(r[0]))).toEqual(inchis.map((_, i) => i));
    expect(inchis.filter((i) => i.split('/')[1]!.includes('.')).length).toBeGreaterThan(2);
    for (const [i, inchi] of inchis.entries()) {
      const smiles = rows[i]![1]!;
      const largest = largestComponent(inchi);
      if (!qsarReady(largest)) {
        expect(smiles, inchi).toBe('');
        continue;
      }
      expect(smiles, inchi).not.toMatch(/[.@/\\]/); // one fragment, no stereo
      expect(smilesAtoms(smiles), `${inchi} → ${smiles}`).toEqual(largest);
    }
  }, 180_000);
});
