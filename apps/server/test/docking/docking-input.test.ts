import type { AuthResult, MessageKey, ProjectFile } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { countRows, expectFailure } from '../support/helpers';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { importOk, objectsUnder } from '../support/uploads';
import { pocketOf } from './docking-support';

/** Every refusal is a 4xx with a clear message, before any job row or stored object exists. */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
let otherProject: number;
let protein: ProjectFile;
let ligand: ProjectFile;
let flat: ProjectFile;
let garbage: ProjectFile;
let waterOnly: ProjectFile;
let foreign: ProjectFile;
const crystal = benchFile('7cnq', 'ligand.sdf').toString();
const pocket = pocketOf(crystal);

/** The same molecule drawn flat: every z set to 0, as a 2D sketch is. */
function flatten(sdf: string): string {
  const lines = sdf.split('\n');
  const atoms = Number.parseInt(lines[3]!.slice(0, 3), 10);
  for (let i = 4; i < 4 + atoms; i++) lines[i] = `${lines[i]!.slice(0, 20)}    0.0000${lines[i]!.slice(30)}`;
  return lines.join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'Docking');
  otherProject = await createProject(t, owner.token, 'Other');
  protein = await importOk(t, owner.token, projectId, '7cnq.pdb', benchFile('7cnq', 'receptor.pdb'));
  ligand = await importOk(t, owner.token, projectId, 'lig.sdf', crystal);
  flat = await importOk(t, owner.token, projectId, 'sketch.sdf', flatten(crystal));
  garbage = await importOk(t, owner.token, projectId, 'garbage.sdf', crystal);
  // Imports are validated; an edit of the content is how a broken file gets into a project.
  const put = await t.request('PUT', `/v1/files/${garbage.id}/content`, {
    token: owner.token,
    body: { content: 'this is not a molecule\n' },
  });
  expect(put.status).toBe(200);
  waterOnly = await importOk(
    t,
    owner.token,
    projectId,
    'water.pdb',
    'HETATM    1  O   HOH A   1      10.000  10.000  10.000  1.00  0.00           O\nEND\n',
  );
  foreign = await importOk(t, owner.token, otherProject, 'elsewhere.sdf', crystal);
});
afterAll(() => t?.close());

const valid = () => ({ project_id: projectId, protein_id: protein.id, ligand_ids: [ligand.id], pocket });

async function refused(body: Record<string, unknown>, status: number, key: MessageKey, params = {}) {
  const [jobs, objects] = [await countRows(t, 'jobs'), (await objectsUnder(t, 'projects')).length];
  const res = await t.request('POST', '/v1/jobs/docking', { token: owner.token, body });
  expectFailure(res, status, key, { params });
  expect(await countRows(t, 'jobs')).toBe(jobs);
  expect(await countRows(t, 'docking_results')).toBe(0);
  expect((await objectsUnder(t, 'projects')).length).toBe(objects);
}

describe('POST /v1/jobs/docking refuses bad input before creating anything', () => {
  it('no protein', async () => {
    const { protein_id: _, ...body } = valid();
    await refused(body, 400, 'dockingProteinRequired');
  });
  it('two proteins', async () => {
    await refused({ ...valid(), protein_id: [protein.id, waterOnly.id] }, 400, 'dockingOneProtein');
  });
  it('no ligand', async () => {
    await refused({ ...valid(), ligand_ids: [] }, 400, 'dockingLigandRequired');
    const { ligand_ids: _, ...body } = valid();
    await refused(body, 400, 'dockingLigandRequired');
  });
  it('an all-zero pocket, or none', async () => {
    const zero = { size_x: 0, size_y: 0, size_z: 0, center_x: 0, center_y: 0, center_z: 0 };
    await refused({ ...valid(), pocket: zero }, 400, 'dockingPocketRequired');
    const { pocket: _, ...body } = valid();
    await refused(body, 400, 'dockingPocketRequired');
  });
  it('an unparsable ligand, naming it', async () => {
    const res = await t.request('POST', '/v1/jobs/docking', {
      token: owner.token,
      body: { ...valid(), ligand_ids: [ligand.id, garbage.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.msg).toMatch(/^The ligand file garbage\.sdf cannot be read: /);
    expect(await countRows(t, 'jobs')).toBe(0);
  });
  it('a ligand with no 3D coordinates (a flat 2D molfile), advising to prepare it', async () => {
    await refused({ ...valid(), ligand_ids: [flat.id] }, 400, 'dockingLigandNot3d', {
      name: '7CNQ_G8X_A_602 (sketch.sdf)',
    });
  });
  it('a protein with no atoms', async () => {
    await refused({ ...valid(), protein_id: waterOnly.id }, 400, 'dockingProteinNoAtoms', { name: 'water.pdb' });
  });
  it('files of the wrong kind', async () => {
    await refused({ ...valid(), protein_id: ligand.id }, 400, 'dockingProteinType', { name: 'lig.sdf' });
    await refused({ ...valid(), ligand_ids: [protein.id] }, 400, 'dockingLigandType', { name: '7cnq.pdb' });
  });
  it('files of another project, or none at all', async () => {
    await refused({ ...valid(), ligand_ids: [foreign.id] }, 400, 'dockingFileNotInProject', { id: foreign.id });
    await refused({ ...valid(), protein_id: 999_999 }, 400, 'dockingFileNotInProject', { id: 999_999 });
  });
  it('settings outside the spec', async () => {
    await refused({ ...valid(), settings: { scoring_function: 'vinardo' } }, 400, 'dockingScoringUnsupported');
    await refused({ ...valid(), settings: { retain_count: 0 } }, 400, 'dockingRetainCountMin');
    const range = (field: string, min: number, max: number) => ({ field: `settings.${field}`, min, max });
    await refused(
      { ...valid(), settings: { exhaustiveness: 0 } },
      400,
      'validationBetween',
      range('exhaustiveness', 1, 128),
    );
    await refused(
      { ...valid(), settings: { ring_conformers: 0 } },
      400,
      'validationBetween',
      range('ring_conformers', 1, 8),
    );
    await refused(
      { ...valid(), settings: { ring_conformers: 9 } },
      400,
      'validationBetween',
      range('ring_conformers', 1, 8),
    );
    await refused({ ...valid(), settings: { ring_conformers: 2.5 } }, 400, 'validationNotInteger', {
      field: 'settings.ring_conformers',
    });
  });
  it('the zh-CN message for a missing pocket', async () => {
    const res = await t.request('POST', '/v1/jobs/docking', {
      token: owner.token,
      lang: 'zh-CN',
      body: { ...valid(), pocket: undefined },
    });
    expectFailure(res, 400, 'dockingPocketRequired', { lang: 'zh-CN' });
  });
});

describe('results and rerun of what is not there', () => {
  it('answers 404 for a job that does not exist', async () => {
    expectFailure(await t.request('GET', '/v1/jobs/999999/docking_result', { token: owner.token }), 404, 'jobNotFound');
    expectFailure(await t.request('POST', '/v1/jobs/999999/rerun', { token: owner.token }), 404, 'jobNotFound');
  });
  it('refuses to rerun a job that is not a docking', async () => {
    const auth = (await t.app.services.sessions.resolve(owner.token))!;
    // A real job of another type (the runner is not started here: it stays queued).
    const id = await t.app.jobs.service.submit(auth, projectId, 'PREPARE_LIGAND', 'not docking', {
      ligand_id: ligand.id,
    });
    expectFailure(await t.request('POST', `/v1/jobs/${id}/rerun`, { token: owner.token }), 400, 'dockingNotDockingJob');
  });
  it('an empty project has an empty, paged result list', async () => {
    const res = await t.request('GET', `/v1/projects/${projectId}/docking_result`, { token: owner.token });
    expect(res.body).toMatchObject({ success: true, data: { total: 0, items: [] } });
  });
});
