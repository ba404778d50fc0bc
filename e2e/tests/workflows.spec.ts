// Workflows end to end in real Chromium against the real server (spec §1 tour: "open the docking
// workflow from the Function menu", §2, §4): Function menu → Workflows (grouped by tag) → Docking;
// the window shows the workflow's graph (SVG) and its wizard; a protein and a ligand of a bundled
// complex (7CNQ), the tool steps stepped through (exhaustiveness 1 on the Dock step), Submit;
// 'Submit successful.' and the wizard back at its first step; the Jobs dialog's Workflow tab
// lists the invocation and follows it to Scheduled; its Dock step's job opens the Docking
// Result window. In Chinese: the menu, the window and a cancelled invocation in the Workflow
// tab. Also 'Workflow not found.' and, for a guest, the no-licence reminder instead of the window.
//
// The account, the project and the sample are set up through the API (their UI flows have tests
// of their own).

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createProjectByApi, guestByApi, storageStateFor } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { toast } from '../support/ui';

// A wide page: the workflow window (graph and wizard) shares the right side with Med View.
test.use({ account: 'registered', viewport: { width: 1680, height: 1000 } });
// Mol* starts under SwiftShader beside the windows; the docking workflow's five jobs run one
// after another on 2 shared cores.
test.setTimeout(300_000);

const RECEPTOR = '7cnq_receptor.pdb';
const LIGAND = '7cnq_ligand.sdf';

async function importSample(request: APIRequestContext, token: string, projectId: number) {
  const imported = await request.post('/v1/files/samples', {
    data: { project_id: projectId, sample_id: '7cnq' },
    headers: { token, 'Accept-Language': 'en' },
  });
  const body = await imported.json();
  expect(body.success, body.msg).toBe(true);
  return body.data.files as { id: number; name: string }[];
}

/** A row of the wizard's file table, by file name. */
function pickerRow(page: Page, name: string): Locator {
  return page.locator('[data-testid^="tool-file-row-"]').filter({ hasText: name });
}

/** Function menu → Workflows → a workflow (every menu opens on click). */
async function openFromMenu(page: Page, workflowId: string) {
  await page.getByTestId('function-menu').click();
  await page.getByTestId('function-workflows').click();
  await page.getByTestId(`function-workflow-${workflowId}`).click();
}

/** The graph's node labels are SVG text. */
function graphText(page: Page, text: string): Locator {
  return page
    .getByTestId('workflow-graph')
    .locator('text')
    .filter({ hasText: new RegExp(`^${text}$`) });
}

test('Workflows: the docking workflow from the Function menu, submitted, followed in the Workflow tab to its Docking Result', async ({
  page,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Workflows');
  await importSample(page.request, session.token, project.id);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('window-entryList')).toContainText(RECEPTOR, { timeout: 60_000 });

  // The Workflows submenu, grouped by tag.
  await page.getByTestId('function-menu').click();
  await page.getByTestId('function-workflows').click();
  const submenu = page.locator('.medx-workflow-menu:visible');
  await expect(submenu.locator('.ant-dropdown-menu-item-group-title')).toContainText([
    'Docking',
    'Molecular Dynamics',
    'Virtual Screening',
  ]);
  await expect(page.getByTestId('function-workflow-docking')).toHaveText('Docking');
  await shot(page, 'workflows/menu-en');
  await page.getByTestId('function-workflow-docking').click();

  // The window: name, description, graph, wizard.
  await expect(page).toHaveURL(/[?&]workflow=docking/);
  const win = page.getByTestId('workflow-window');
  await expect(win).toBeVisible();
  await expect(page.getByTestId('workflow-window-name')).toHaveText('Docking');
  await expect(page.getByTestId('workflow-window-description')).toContainText('Quick Prepare the protein');
  for (const label of ['Protein', 'Ligands', 'Prepare protein', 'Prepare ligands', 'Detect pocket', 'Dock']) {
    await expect(graphText(page, label)).toBeVisible();
  }
  await expect(page.getByTestId('workflow-node-0')).toHaveAttribute('data-kind', 'input');
  await expect(page.getByTestId('workflow-node-5')).toHaveAttribute('data-kind', 'tool');
  await expect(page.getByTestId('workflow-edge-4-5')).toBeAttached();
  // Two inputs, then the four tool steps that have settings.
  await expect(page.getByTestId('workflow-steps').locator('.ant-steps-item')).toHaveCount(6);

  await shot(page, 'workflows/window-en');

  // 1. Protein (one file), 2. Ligands (a collection).
  const next = page.getByTestId('workflow-next');
  await expect(page.getByTestId('workflow-step-0')).toBeVisible();
  await expect(next).toBeDisabled();
  await pickerRow(page, RECEPTOR).click();
  await expect(page.getByTestId('workflow-chosen-0')).toHaveText('1 file chosen');
  await next.click();
  await expect(page.getByTestId('workflow-step-1')).toBeVisible();
  await expect(next).toBeDisabled();
  await pickerRow(page, LIGAND).click();
  await next.click();
  // 3.–5. Prepare protein, Prepare ligands, Detect pocket: their defaults.
  for (const step of [2, 3, 4]) {
    await expect(page.getByTestId(`workflow-step-${step}`)).toBeVisible();
    await next.click();
  }
  // 6. Dock, the last step: exhaustiveness lowered for the test, then Submit.
  await expect(page.getByTestId('workflow-step-5')).toBeVisible();
  await expect(page.getByTestId('workflow-node-5')).toHaveClass(/is-current/);
  await expect(page.getByTestId('tool-param-exhaustiveness')).toHaveValue('32');
  await page.getByTestId('tool-param-exhaustiveness').fill('1');
  await expect(page.getByTestId('workflow-inputs-summary')).toContainText(RECEPTOR);
  await expect(page.getByTestId('workflow-inputs-summary')).toContainText(LIGAND);
  await expect(page.getByTestId('workflow-job-name')).toHaveAttribute('placeholder', 'Docking_WORKFLOW');
  await expect(next).toBeHidden();
  await shot(page, 'workflows/dock-step-en');
  await page.getByTestId('workflow-submit').click();
  await expect(toast(page, 'Submit successful.', 'success')).toBeVisible();
  // Success starts again from the first step.
  await expect(page.getByTestId('workflow-step-0')).toBeVisible();
  await expect(page.getByTestId('workflow-chosen-0')).toHaveText('0 files chosen');
  await expect(next).toBeDisabled();

  // The Workflow tab lists the invocation and follows it to Scheduled.
  await page.getByTestId('jobs-button').click();
  const dialog = page.getByTestId('jobs-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('jobs-tab-workflow').click();
  const rows = dialog.locator('[data-testid^="workflow-job-row-"]');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('Docking_WORKFLOW');
  await expect(row.getByTestId('workflow-job-state')).toHaveText(/New|Scheduled/);
  await row.locator('[data-testid^="workflow-job-details-"]').click();
  const steps = dialog.locator('[data-testid^="workflow-invocation-"]');
  await expect(steps.locator('[data-testid^="workflow-step-row-"]')).toHaveCount(6);
  await expect(row.getByTestId('workflow-job-state')).toHaveText('Scheduled', { timeout: 240_000 });
  await expect(row.getByTestId('workflow-job-progress')).toContainText('6 / 6 steps');
  await expect(steps.getByTestId('workflow-step-row-5').getByTestId('workflow-step-state')).toHaveText('Success');
  await shot(page, 'workflows/jobs-workflow-tab-en');

  // The Dock step's job is a docking job: it opens the Docking Result window.
  const dock = steps.getByTestId('workflow-step-row-5').locator('[data-job-type="DOCKING"]');
  await expect(dock).toBeEnabled();
  const jobId = (await dock.getAttribute('data-testid'))?.replace('workflow-step-job-', '');
  await dock.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('docking-result-window')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]jobType=DOCKING&jobId=${jobId}(&|$)`));
  await expect(page).not.toHaveURL(/[?&]workflow=/);
  await expect(page.getByTestId('docking-result-row-1')).toContainText(/7cnq/i);
  expect(errors).toEqual([]);
});

test('Workflows in Chinese: the menu, the window, and a cancelled invocation in the Workflow tab', async ({
  page,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Workflows zh');
  const files = await importSample(page.request, session.token, project.id);
  const byName = (name: string) => files.find((file) => file.name === name)?.id ?? 0;
  // An invocation submitted through the API, heavy enough to be stopped while it runs.
  const headers = { token: session.token, 'Accept-Language': 'zh-CN' };
  const space = await (
    await page.request.post('/v1/tools/import', {
      data: { project_id: project.id, file_ids: [byName(RECEPTOR), byName(LIGAND)] },
      headers,
    })
  ).json();
  const [protein, ligand] = space.data.items.map((item: { galaxy_file_id: string }) => item.galaxy_file_id);
  const submitted = await (
    await page.request.post('/v1/jobs/workflow', {
      data: {
        project_id: project.id,
        workflow_id: 'docking',
        job_name: 'Long docking',
        workflow_inputs: [
          { step_id: 0, inputs: { batch: false, values: [{ id: protein, src: 'hda' }] } },
          { step_id: 1, inputs: { batch: false, values: [{ id: ligand, src: 'hda' }] } },
        ],
        workflow_params: { '5': { exhaustiveness: 128, num_modes: 20 } },
      },
      headers,
    })
  ).json();
  expect(submitted.success, submitted.msg).toBe(true);
  const jobId = submitted.data.job_id as number;

  await page.goto('/project');
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('window-entryList')).toContainText(RECEPTOR, { timeout: 60_000 });

  await page.getByTestId('function-menu').click();
  await page.getByTestId('function-workflows').click();
  await expect(page.getByTestId('function-workflows')).toHaveText('工作流');
  await expect(page.locator('.medx-workflow-menu:visible .ant-dropdown-menu-item-group-title').first()).toHaveText(
    '分子对接',
  );
  await page.getByTestId('function-workflow-docking').click();
  await expect(page.getByTestId('workflow-window')).toBeVisible();
  await expect(graphText(page, 'Prepare protein')).toBeVisible();
  await expect(graphText(page, 'Dock')).toBeVisible();
  await expect(page.getByTestId('workflow-next')).toHaveText('下一步');
  await shot(page, 'workflows/window-zh-CN');
  await pickerRow(page, RECEPTOR).click();
  await expect(page.getByTestId('workflow-chosen-0')).toHaveText('已选择 1 个文件');

  // The Workflow tab: the running invocation, its steps, then Cancel → Stopped.
  await page.getByTestId('jobs-button').click();
  const dialog = page.getByTestId('jobs-dialog');
  await page.getByTestId('jobs-tab-workflow').click();
  const row = dialog.getByTestId(`workflow-job-row-${jobId}`);
  await expect(row).toContainText('Long docking');
  await page.getByTestId(`workflow-job-details-${jobId}`).click();
  await expect(dialog.getByTestId(`workflow-invocation-${jobId}`)).toBeVisible();
  await expect(row.getByTestId('workflow-job-state')).toHaveText('新建');
  await shot(page, 'workflows/jobs-workflow-tab-zh-CN');
  await page.getByTestId(`workflow-job-cancel-${jobId}`).click();
  await expect(toast(page, '取消成功。', 'success')).toBeVisible();
  await expect(row.getByTestId('workflow-job-state')).toHaveText('已停止', { timeout: 30_000 });
  await expect(page.getByTestId(`workflow-job-cancel-${jobId}`)).toBeHidden();
  await shot(page, 'workflows/jobs-workflow-stopped-zh-CN');
});

test('Workflows: not found, opened by name, exported, imported back and deleted, opened from the Tool guide', async ({
  page,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'WF missing');
  await page.goto(`/?project=${project.id}&lowGraphics=1&workflow=no_such_workflow`);
  await expect(toast(page, 'Workflow not found.', 'error')).toBeVisible({ timeout: 60_000 });
  await expect(page).not.toHaveURL(/[?&]workflow=/);
  await expect(page.getByTestId('workflow-window')).toHaveCount(0);
  // By name works as well as by id.
  await page.goto(`/?project=${project.id}&lowGraphics=1&workflow=Screen%20and%20filter`);
  await expect(page.getByTestId('workflow-window-name')).toHaveText('Screen and filter', { timeout: 60_000 });
  await expect(graphText(page, 'Top ligands')).toBeVisible();

  // Export as gxformat2, import the file back: the imported copy opens, and can be deleted.
  await page.getByTestId('workflow-export').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('workflow-export-gxformat2').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Screen_and_filter.gxwf.yml');
  const file = test.info().outputPath('Screen_and_filter.gxwf.yml');
  await download.saveAs(file);
  await page.getByTestId('workflow-import-input').setInputFiles(file);
  await expect(toast(page, 'Workflow imported: Screen and filter', 'success')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]workflow=screen_and_filter(&|$)/);
  await expect(page.getByTestId('workflow-delete')).toBeVisible();
  await expect(graphText(page, 'Top ligands')).toBeVisible();
  await page.getByTestId('workflow-delete').click();
  await page.locator('.ant-popconfirm:visible .ant-btn-dangerous').click();
  await expect(toast(page, 'Delete successful.', 'success')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]workflow=/);
  await expect(page.getByTestId('workflow-window')).toHaveCount(0);

  // The Tool guide lists workflows as cards (wf_ ids, marked, first in their tab); one opens its window.
  await page.getByTestId('tool-guide-button').click();
  await page.getByTestId('tool-guide-search').fill('Redock');
  const card = page.getByTestId('tool-card-wf_redock_validation');
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card).toContainText('Workflow');
  await page.getByTestId('tool-open-wf_redock_validation').click();
  await expect(page).toHaveURL(/[?&]workflow=redock_validation(&|$)/);
  await expect(page.getByTestId('workflow-window-name')).toHaveText('Redock with validation', { timeout: 60_000 });
  await expect(graphText(page, 'Dock ligands')).toBeVisible();
});

test('Workflows: a guest gets the no-licence reminder instead of the window', async ({ browser, request }) => {
  const guest = await guestByApi(request);
  const project = await createProjectByApi(request, guest.token, 'Guest WF');
  const context = await browser.newContext({ storageState: storageStateFor(guest) });
  const page = await context.newPage();
  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('window-entryList')).toBeVisible({ timeout: 60_000 });
  await openFromMenu(page, 'docking');
  await expect(page.getByTestId('no-licence-modal')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]workflow=/);
  await expect(page.getByTestId('workflow-window')).toHaveCount(0);
  await page.getByTestId('no-licence-close').click();
  await expect(page.getByTestId('no-licence-modal')).toBeHidden();
  await context.close();
});
