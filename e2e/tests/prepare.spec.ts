// Preparation from the Entry List in real Chromium against the real server, Open Babel,
// pdbfixer and RDKit (issue 5 point 2): right-click a bundled receptor → Quick Prepare
// protein → the job runs → 'Prepare successful.', the prepareSuccess event with the new file,
// and the prepared PDB in the Entry List; then the same for the crystal ligand.

import type { Locator, Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { rightClick, toast } from '../support/ui';

test.use({ account: 'registered' });
test.setTimeout(180_000);

function fileRow(page: Page, title: string): Locator {
  return page.locator('[data-testid^="entry-row-"]').filter({ hasText: title });
}

/**
 * Right-clicks the title of an entry, picks a prepare action from its menu, and answers the id
 * of the job the server created (read from its answer, not from the toast, which may be gone by
 * then); the 'Preparation submitted: job N.' toast must name that job.
 */
async function prepareFrom(page: Page, title: string, action: 'ctx-prepare-protein' | 'ctx-prepare-ligand') {
  const path = action === 'ctx-prepare-protein' ? '/v1/jobs/quick_prepare_protein' : '/v1/jobs/prepare_ligand';
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === path,
  );
  await rightClick(fileRow(page, title).getByText(title, { exact: true }));
  await page.getByTestId(action).click();
  const answer = (await (await answered).json()) as { success: boolean; msg: string; data: { job_id: number } };
  expect(answer.success, `${path}: ${answer.msg}`).toBe(true);
  const jobId = answer.data.job_id;
  await expect(toast(page, `Preparation submitted: job ${jobId}.`, 'info')).toBeVisible();
  return jobId;
}

test('Quick Prepare protein and Prepare ligand from the Entry List', async ({ page, session }) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Prepare');
  const imported = await page.request.post('/v1/files/samples', {
    data: { project_id: project.id, sample_id: '7cnq' },
    headers: { token: session.token, 'Accept-Language': 'en' },
  });
  expect((await imported.json()).success).toBe(true);

  // Record the prepareSuccess events the page fires (spec §7 browser events).
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { prepared: unknown[] }).prepared = seen;
    window.addEventListener('prepareSuccess', (event) => seen.push((event as CustomEvent).detail));
  });
  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('window-entryList')).toContainText('7cnq_receptor.pdb');

  const proteinJob = await prepareFrom(page, '7cnq_receptor.pdb', 'ctx-prepare-protein');
  await expect(toast(page, 'Prepare successful.', 'success')).toBeVisible({ timeout: 150_000 });
  await expect(fileRow(page, '7cnq_receptor_prepared.pdb')).toBeVisible();

  const ligandJob = await prepareFrom(page, '7cnq_ligand.sdf', 'ctx-prepare-ligand');
  expect(ligandJob).toBeGreaterThan(proteinJob);
  await expect(fileRow(page, '7cnq_ligand_prepared.sdf')).toBeVisible({ timeout: 150_000 });

  const events = await page.evaluate(() => (window as unknown as { prepared: unknown[] }).prepared);
  expect(events).toEqual([
    { type: 'protein', fileId: expect.any(Number) },
    { type: 'ligand', fileId: expect.any(Number) },
  ]);
  // The event names the prepared file, which the Entry List now shows.
  const [protein] = events as { fileId: number }[];
  await expect(page.getByTestId(`entry-row-${protein!.fileId}`)).toContainText('7cnq_receptor_prepared.pdb');
  await shot(page, 'prepare/prepared');
});
