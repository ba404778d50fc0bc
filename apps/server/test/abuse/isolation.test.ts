import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AuthResult, DetectPocketsResult } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BUILD_HEAVY_ATOMS } from '../../src/chem/index';
import { benchFile } from '../support/bench';
import { expectFailure, expectOk } from '../support/helpers';
import { createProject, createTestApp, guestLogin, type TestApp } from '../support/test-app';
import { importFile, importOk } from '../support/uploads';

/**
 * Findings 1 and 2 of the abuse review, replayed: RDKit poisoning, and work that froze
 * the event loop (cavity grids, 3D builds). Each request must be refused cleanly or
 * served without stalling anyone else.
 */
let t: TestApp;
let guest: AuthResult;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  guest = await guestLogin(t);
  projectId = await createProject(t, guest.token, 'Abuse');
});
afterAll(() => t?.close());

/** Runs `work` while measuring how long the event loop was blocked at worst (ms). */
async function worstLoopDelay(work: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
  }
  return histogram.max / 1e6;
}

const smilesOf = (content: string, token = guest.token) =>
  t.request<{ smiles: string }>('POST', '/v1/files/convert_to_smiles', { token, body: { ext: 'smi', content } });

describe('RDKit poisoning (finding 1)', () => {
  it('a 1,000-carbon SMILES is refused, and RDKit keeps working for everyone afterwards', async () => {
    expectFailure(await smilesOf('C'.repeat(1000)), 400, 'convertFailed');
    const other = await guestLogin(t);
    expect(expectOk(await smilesOf('OCC', other.token)).smiles).toBe('CCO');
    // .smi uploads are validated with RDKit: still accepted.
    const file = await importOk(
      t,
      other.token,
      await createProject(t, other.token, 'After'),
      'ok.smi',
      'CCO ethanol\n',
    );
    expect(file.name).toBe('ok.smi');
    // A 1,000-carbon upload is refused with a reason, not a 500.
    const refused = await importFile(t, guest.token, projectId, 'long.smi', `${'C'.repeat(1000)} chain\n`);
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
  });

  it('many poisoned requests in parallel leave RDKit answering', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => smilesOf('C'.repeat(2000))));
    for (const answer of answers) expect(answer.status).toBe(400);
    expect(expectOk(await smilesOf('c1ccccc1')).smiles).toBe('c1ccccc1');
  });
});

describe('event-loop stalls (finding 2)', () => {
  it('two HETATMs 450 Å apart: pocket detection is refused with the span, without freezing the server', async () => {
    const protein = benchFile('1w1p', 'receptor.pdb')
      .toString()
      .replace(/^END.*$/m, '');
    const far = [
      'HETATM90001  C1  FAR X 901    -225.000-225.000-225.000  1.00  0.00           C',
      'HETATM90002  C1  FAR X 902     225.000 225.000 225.000  1.00  0.00           C',
    ].join('\n');
    const file = await importOk(t, guest.token, projectId, 'far.pdb', `${protein}${far}\nEND\n`);
    let status = 0;
    const delay = await worstLoopDelay(async () => {
      const res = await t.request('POST', '/v1/docking/pockets/detect', {
        token: guest.token,
        body: { project_id: projectId, protein_id: file.id },
      });
      status = res.status;
      expect(res.body.success).toBe(false);
      expect(res.body.msg).toContain('far.pdb spans');
      expect(res.body.msg).toContain('8 million grid points');
    });
    expect(status).toBe(400);
    expect(delay).toBeLessThan(1000);
  });

  it('a real pocket detection runs off the event loop', async () => {
    const receptor = await importOk(t, guest.token, projectId, '5x72.pdb', benchFile('5x72', 'receptor.pdb'));
    const delay = await worstLoopDelay(async () => {
      const { pockets } = expectOk(
        await t.request<DetectPocketsResult>('POST', '/v1/docking/pockets/detect', {
          token: guest.token,
          body: { project_id: projectId, protein_id: receptor.id },
        }),
      );
      expect(pockets.length).toBeGreaterThan(0);
    });
    expect(delay).toBeLessThan(1000);
  });

  it(`3D building of more than ${MAX_BUILD_HEAVY_ATOMS} heavy atoms is refused at once with the count`, async () => {
    const file = await importOk(t, guest.token, projectId, 'c800.smi', `${'C'.repeat(400)}\n`);
    const res = await t.request('POST', `/v1/files/${file.id}/convert_to_3d`, {
      token: guest.token,
      body: { is_new_entry: true },
    });
    expectFailure(res, 400, 'moleculeTooLargeToBuild', { params: { atoms: 400, max: MAX_BUILD_HEAVY_ATOMS } });
  });
});
