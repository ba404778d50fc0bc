// Virtual screening end to end in real Chromium against the real server, RDKit, Open Babel and
// Vina (issue 14): the bundled 7CNQ complex and a small labelled CSV library → the Docking
// wizard in "Screen a library" mode (activity column, pocket around the crystal ligand,
// exhaustiveness 1) → the Screening Result window: live progress to the end, the enrichment,
// the failed record with its reason, a histogram bar as a score filter, a CSV export, a pose
// in 3D, and the window in Chinese. Screenshots in both languages.

import type { Locator, Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { waitForSteadyCanvas } from '../support/canvas';
import { importContentByApi } from '../support/files';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { pickOption, toast } from '../support/ui';

test.use({ account: 'registered', viewport: { width: 1680, height: 1000 } });
// Six small molecules docked on 2 shared cores, plus Mol* under SwiftShader.
test.setTimeout(360_000);

const RECEPTOR = '7cnq_receptor.pdb';
const LIGAND = '7cnq_ligand.sdf';
const LIBRARY = 'kinase_set.csv';
const CSV = [
  'id,smiles,label',
  'indole,c1ccc2[nH]ccc2c1,active',
  'toluidine,Cc1ccccc1N,active',
  'aspirin,CC(=O)Oc1ccccc1C(=O)O,active',
  'ethanol,CCO,decoy',
  'methanol,CO,decoy',
  'butane,CCCC,decoy',
  'broken,C1CC((,decoy',
].join('\n');

function pickerRow(page: Page, prefix: string, name: string): Locator {
  return page.locator(`[data-testid^="${prefix}-row-"]`).filter({ hasText: name });
}

test('Screening: a labelled library through the wizard to a ranked, flagged, exported result', async ({
  page,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Screen');
  const imported = await page.request.post('/v1/files/samples', {
    data: { project_id: project.id, sample_id: '7cnq' },
    headers: { token: session.token, 'Accept-Language': 'en' },
  });
  expect((await imported.json()).success).toBe(true);
  await importContentByApi(session.token, project.id, LIBRARY, CSV);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('window-entryList')).toContainText(LIBRARY);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });

  await page.getByTestId('function-menu').click();
  await page.getByTestId('function-docking').click();
  await expect(page.getByTestId('docking-window')).toBeVisible();
  const next = page.getByTestId('docking-next');
  await pickerRow(page, 'docking-protein', RECEPTOR).click();
  await next.click();

  // Library mode: the CSV is offered (the receptor is not), with its columns.
  await page.getByTestId('docking-mode-library').click();
  await expect(page.getByTestId('library-step')).toBeVisible();
  await expect(pickerRow(page, 'library-files', RECEPTOR)).toHaveCount(0);
  await pickerRow(page, 'library-files', LIBRARY).click();
  await page.getByTestId('library-columns-toggle').click();
  await page.getByTestId('library-activity_column').fill('label');
  await shot(page, 'screening/library-step');
  await next.click();

  await pickerRow(page, 'pocket-ligand', LIGAND).click();
  await page.getByTestId('pocket-from-ligand').click();
  await expect(page.getByTestId('pocket-summary')).not.toHaveText('(0.00, 0.00, 0.00) 0.00 × 0.00 × 0.00 Å');
  await next.click();

  // Screening settings: exhaustiveness 8 by default, lowered for the test.
  await expect(page.getByTestId('library-confirm-step')).toBeVisible();
  await expect(page.getByTestId('screening-exhaustiveness')).toHaveValue('8');
  await expect(page.getByTestId('screening-job_name')).toHaveAttribute('placeholder', 'Screening');
  await page.getByTestId('screening-exhaustiveness').fill('1');
  await shot(page, 'screening/confirm');
  await page.getByTestId('docking-submit').click();
  await expect(toast(page, 'Submit success!', 'success')).toBeVisible();

  // The result window follows the screen live to its end.
  const result = page.getByTestId('screening-result-window');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('screening-progress')).toBeVisible();
  await shot(page, 'screening/running');
  await expect(result.getByTestId('screening-progress')).toContainText('7 / 7', { timeout: 240_000 });
  await expect(result.getByTestId('screening-count-DONE')).toContainText('6');
  await expect(result.getByTestId('screening-count-FAILED')).toContainText('1');

  // The enrichment of the labelled library, with its ROC curve.
  const enrichment = result.getByTestId('screening-enrichment');
  await expect(enrichment).toBeVisible({ timeout: 30_000 });
  await expect(enrichment.getByTestId('screening-roc-line')).toBeVisible();
  await expect(result.getByTestId('screening-histogram')).toBeVisible();

  // Ranked rows with their checks; the best one first.
  const rows = result.locator('[data-testid^="screening-row-"]');
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toContainText(/indole|toluidine|aspirin/);
  await expect(rows.first().locator('[data-testid^="check-"]').first()).toBeVisible();
  await shot(page, 'screening/result');

  // The failed record and its reason.
  await result.getByTestId('screening-failures').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('broken');
  await expect(rows.first()).toContainText('RDKit cannot parse the SMILES');
  await shot(page, 'screening/failures');
  await result.getByTestId('screening-filter-reset').click();
  await expect(rows).toHaveCount(7);

  // A histogram bar filters on its score range (fewer rows, all docked).
  await result.getByTestId('screening-bin-0').click();
  await expect.poll(async () => rows.count()).toBeLessThan(7);
  await expect(rows.first()).not.toContainText('broken');
  await result.getByTestId('screening-filter-reset').click();
  await expect(rows).toHaveCount(7);

  // CSV export of the best 1000 (the six docked ligands, ranked).
  const download = page.waitForEvent('download');
  await result.getByTestId('screening-export-csv').click();
  const file = await download;
  const text = await file.createReadStream().then(
    (stream) =>
      new Promise<string>((resolve, reject) => {
        let body = '';
        stream.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
        });
        stream.on('end', () => resolve(body));
        stream.on('error', reject);
      }),
  );
  const lines = text.trim().split('\n');
  expect(lines[0]).toMatch(/^rank,name,score,valid,failed_checks,smiles/);
  expect(lines).toHaveLength(7);
  expect(lines[1]).toMatch(/^1,/);

  // The best pose in 3D with its receptor.
  const status = page.getByTestId('med-view-status');
  const filesBefore = ((await status.getAttribute('data-files')) ?? '').split(',').filter(Boolean).length;
  await rows.first().locator('[data-testid^="screening-3d-"]').click();
  await expect
    .poll(async () => ((await status.getAttribute('data-files')) ?? '').split(',').filter(Boolean).length, {
      timeout: 60_000,
    })
    .toBeGreaterThan(filesBefore);
  await expect
    .poll(async () => Number(await status.getAttribute('data-representations')), { timeout: 60_000 })
    .toBeGreaterThan(2);
  await waitForSteadyCanvas(page);
  await shot(page, 'screening/pose-3d');

  // In Chinese.
  await pickOption(page, page.getByTestId('lang-select'), '中文');
  await expect(result.getByTestId('screening-failures')).toContainText('失败');
  await shot(page, 'screening/result-zh-CN');
  await page.getByTestId('function-menu').click();
  await page.getByTestId('function-docking').click();
  await pickerRow(page, 'docking-protein', RECEPTOR).click();
  await next.click();
  await page.getByTestId('docking-mode-library').click();
  await expect(page.getByTestId('library-step')).toBeVisible();
  await shot(page, 'screening/library-step-zh-CN');
  await pickOption(page, page.getByTestId('lang-select'), 'English');

  expect(errors).toEqual([]);
});
