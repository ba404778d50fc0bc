// Med View's states (issue 12 points 3-5; viewer spec §2 "State panel", §4 "Snapshots" and
// "Project viewer session", §6): a snapshot saved with the name and key rules, a state file
// refused clearly, the project session synced and restored after a reload; a remote state
// uploaded by the owner and opened by a READ_ONLY member, by click and by right-click
// (snapshot-url in a new tab).
//
// The accounts, the project, its sharing and the files are set up through the API; the
// viewer runs in low graphics.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { createProjectByApi, type Session, signUpByApi, storageStateFor, uniqueEmail } from '../support/api';
import { baseURL, REPO_ROOT } from '../support/env';
import { importFileByApi } from '../support/files';
import { expect, PASSWORD, test } from '../support/fixtures';
import { shot } from '../support/screens';
import { toast } from '../support/ui';

const BENCH = join(REPO_ROOT, '..', 'shared', 'bench', '1w1p');

// Wide enough for Med View's toolbar to show every section inline (no More menu) beside the Entry List.
test.use({ account: 'registered', viewport: { width: 1920, height: 1080 } });
// Mol* under SwiftShader on 2 shared cores: starting and loading take seconds each.
test.setTimeout(240_000);

/** Structures in Med View (its status line; the workspace has no window hook). */
async function structures(page: Page): Promise<number> {
  return Number(await page.getByTestId('med-view-status').getAttribute('data-structures'));
}

async function openWorkspace(page: Page, projectId: number, extra = ''): Promise<void> {
  await page.goto(`/?project=${projectId}&lowGraphics=1${extra}`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
}

async function showFile(page: Page, fileId: number): Promise<void> {
  await page.getByTestId(`entry-in-${fileId}`).click();
  await expect(page.getByTestId(`entry-in-${fileId}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
}

async function openStatesPanel(page: Page) {
  await expect(page.getByTestId('tb-more')).toHaveCount(0);
  await page.getByTestId('tb-states').click();
  const panel = page.getByTestId('states-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** Closes the States panel with a click outside it (the toolbar keeps one menu open). */
async function closeStatesPanel(page: Page) {
  await page.getByTestId('workspace-project-name').click();
  await expect(page.getByTestId('states-panel')).toBeHidden();
}

/**
 * The panel again after something that may have made the viewer busy (busy closes the toolbar's
 * menus, spec §4; Mol* turns busy only after 750 ms of updating, so whether it did depends on the
 * machine). Waits for the viewer to be idle, then reads whether the panel is open from its button
 * (aria-expanded): a panel closed by busy may still be fading out and look visible for a moment.
 */
async function statesPanelAgain(page: Page) {
  await expect(page.getByTestId('viewer-toolbar')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  const button = page.getByTestId('tb-states');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByTestId('states-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** The sync mount has read the session and published the project to the panel. */
async function sessionReady(page: Page, state: string | RegExp = /idle|synced/) {
  await expect(page.getByTestId('state-sync')).toHaveAttribute('data-sync', state, { timeout: 60_000 });
}

async function sharedReadOnly(request: APIRequestContext, owner: Session, projectId: number, member: Session) {
  const headers = (token: string) => ({ token, 'Accept-Language': 'en' });
  const url = await (
    await request.post(`/v1/projects/${projectId}/share_url`, { headers: headers(owner.token) })
  ).json();
  expect(url.success, url.msg).toBe(true);
  const put = await request.put(`/v1/projects/${projectId}/share`, {
    headers: headers(owner.token),
    data: { is_shared: true, share_code: 'RO12', share_type: 'READ_ONLY', share_url: url.data.url },
  });
  expect((await put.json()).success).toBe(true);
  const join = await request.post(`/v1/projects/${projectId}/join`, {
    headers: headers(member.token),
    data: { share_code: 'RO12' },
  });
  expect((await join.json()).success).toBe(true);
}

test('a snapshot saved with its rules, a bad state file refused, the session restored after a reload', async ({
  page,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'States');
  const receptor = await importFileByApi(session.token, project.id, join(BENCH, 'receptor.pdb'), '1w1p_receptor.pdb');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await openWorkspace(page, project.id);
  await showFile(page, receptor);
  const panel = await openStatesPanel(page);
  await sessionReady(page);
  // The built-in state is there and only applies.
  const builtIn = panel.getByTestId('state-row-default');
  await expect(builtIn).toBeVisible();
  await expect(builtIn.getByTestId('state-apply-default')).toBeVisible();
  await expect(builtIn.getByTestId('state-remove-default')).toHaveCount(0);
  await expect(builtIn.getByTestId('state-replace-default')).toHaveCount(0);

  // Name rules (spec §6).
  const name = panel.getByTestId('state-add-name');
  const submit = panel.getByTestId('state-add-submit');
  await submit.click();
  await expect(panel.getByText('Please enter a name')).toBeVisible();
  await name.fill('default');
  await expect(panel.getByText('Cannot use this name')).toBeVisible();
  await expect(name).toHaveAttribute('maxlength', '30');
  await name.fill('Pocket view');
  await panel.getByTestId('state-add-key').fill('pocket');
  await panel.getByTestId('state-add-description').fill('The binding site. Back to [the pocket](#pocket).');
  await submit.click();
  await expect(toast(page, 'State "Pocket view" added.')).toBeVisible();
  const row = panel.getByTestId('state-row-Pocket view');
  await expect(row).toHaveAttribute('data-current', 'true');
  await expect(panel.getByTestId('state-description-Pocket view').getByRole('link')).toHaveText('the pocket');
  // A second state with the same name or key is refused.
  await name.fill('Pocket view');
  await expect(panel.getByText('Name already exists')).toBeVisible();
  await expect(submit).toBeDisabled();
  await name.fill('Second');
  await panel.getByTestId('state-add-key').fill('pocket');
  await expect(panel.getByText('Key must be unique')).toBeVisible();
  await expect(submit).toBeDisabled();
  await panel.getByTestId('state-add-key').fill('');
  await submit.click();
  await expect(panel.getByTestId('state-row-Second')).toBeVisible();
  // Move and remove: Second goes up above Pocket view (never above default), then is removed.
  await panel.getByTestId('state-up-Second').click();
  await expect(panel.getByTestId('state-list').locator(':scope > li')).toHaveCount(3);
  await expect(panel.getByTestId('state-list').locator(':scope > li').nth(1)).toHaveAttribute(
    'data-testid',
    'state-row-Second',
  );
  await expect(panel.getByTestId('state-up-Second')).toHaveCount(0);
  await panel.getByTestId('state-remove-Second').click();
  await expect(panel.getByTestId('state-row-Second')).toHaveCount(0);
  // The description's #key link applies the state with that key.
  await builtIn.getByTestId('state-apply-default').click();
  await expect(builtIn).toHaveAttribute('data-current', 'true');
  await statesPanelAgain(page);
  await panel.getByTestId('state-description-Pocket view').getByRole('link').click();
  await expect(row).toHaveAttribute('data-current', 'true');
  await shot(page, 'viewer-states/panel-en');

  // The snapshot selector's play cycles the states; Ctrl with an arrow key stops it (spec §4).
  await closeStatesPanel(page);
  const controls = page.locator('[data-testid="med-view"] .msp-state-snapshot-viewport-controls');
  await controls.locator('button[title="Cycle States"]').click();
  await expect(controls.locator('button[title="Pause"]')).toBeVisible();
  await page.keyboard.press('Control+ArrowRight');
  await expect(controls.locator('button[title="Cycle States"]')).toBeVisible();
  // Playback may have stopped on "default" (the view the project opened with: nothing shown); back to the pocket.
  await (await statesPanelAgain(page)).getByTestId('state-apply-Pocket view').click();
  await expect.poll(() => structures(page), { timeout: 60_000 }).toBe(1);
  await statesPanelAgain(page);

  // Opening: no file, then a damaged one; the viewer goes on.
  await panel.getByTestId('state-open').click();
  await expect(toast(page, 'No state file selected')).toBeVisible();
  await panel.getByTestId('state-open-input').setInputFiles({
    name: 'broken.medj',
    mimeType: 'application/json',
    buffer: Buffer.from('{"not": "a state"'),
  });
  await panel.getByTestId('state-open').click();
  await expect(toast(page, /broken\.medj is not a readable state file/)).toBeVisible();
  await panel.getByTestId('state-open-input').setInputFiles({
    name: 'broken.molx',
    mimeType: 'application/zip',
    buffer: Buffer.from('PK\u0003\u0004 truncated'),
  });
  await panel.getByTestId('state-open').click();
  await expect(toast(page, /broken\.molx is not a readable state file/)).toBeVisible();
  await statesPanelAgain(page);
  await expect.poll(() => structures(page), { timeout: 60_000 }).toBe(1);
  await expect(panel.getByTestId('state-row-Pocket view')).toBeVisible();

  // Save as .medj: Mol*'s JSON state with both entries; opened again it brings them back.
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('state-save-medj').click()]);
  expect(download.suggestedFilename()).toMatch(/^medx-state_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.medj$/);
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { entries: { name?: string }[] };
  expect(saved.entries.map((e) => e.name)).toEqual(['default', 'Pocket view']);

  // The session goes to the server now (it would every 10 minutes and on leaving).
  const serverEtag = async () =>
    (
      await page.request.head(`/v1/projects/${project.id}/viewer/session`, { headers: { token: session.token } })
    ).headers().etag;
  const before = await serverEtag();
  await panel.getByTestId('state-sync-now').click();
  await expect.poll(serverEtag).not.toBe(before);
  await sessionReady(page, 'synced');
  const synced = await serverEtag();
  // The local cache (IndexedDB medielixir v1, store 3dviewer) holds the same bytes.
  const cachedEtag = () =>
    page.evaluate(
      (id) =>
        new Promise<string | null>((resolve, reject) => {
          const open = indexedDB.open('medielixir', 1);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const get = db.transaction('3dviewer').objectStore('3dviewer').get(`project-${id}`);
            get.onsuccess = () => resolve(get.result ? `"${get.result.etag}"` : null);
            get.onerror = () => reject(get.error);
          };
        }),
      project.id,
    );
  await expect.poll(cachedEtag).toBe(synced);

  // Two tabs on one project: the other tab saves first; this tab's next save is told so, not
  // written over it, and loading the saved session brings the other tab's state.
  const other = await page.context().newPage();
  await openWorkspace(other, project.id);
  await expect.poll(() => structures(other), { timeout: 60_000 }).toBe(1);
  const otherPanel = await openStatesPanel(other);
  await sessionReady(other);
  await otherPanel.getByTestId('state-add-name').fill('Other tab');
  await otherPanel.getByTestId('state-add-submit').click();
  await expect(otherPanel.getByTestId('state-row-Other tab')).toBeVisible();
  await otherPanel.getByTestId('state-sync-now').click();
  await sessionReady(other, 'synced');
  await expect.poll(serverEtag).not.toBe(synced);
  await other.close();
  await panel.getByTestId('state-sync-now').click();
  const conflict = page.getByRole('dialog').filter({ hasText: 'The viewer session changed in another tab' });
  await expect(conflict).toBeVisible({ timeout: 30_000 });
  await conflict.getByRole('button', { name: 'Load the saved session' }).click();
  await expect(conflict).toBeHidden();
  await expect((await statesPanelAgain(page)).getByTestId('state-row-Other tab')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => structures(page), { timeout: 60_000 }).toBe(1);

  // Chinese, for the screenshot of the same panel.
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await page.reload();
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  // Restored: the receptor is back in the viewer and the states with it.
  await expect(page.getByTestId(`entry-in-${receptor}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
  await expect.poll(() => structures(page), { timeout: 60_000 }).toBe(1);
  const again = await openStatesPanel(page);
  await expect(again.getByTestId('state-row-Pocket view')).toBeVisible();
  await expect(again.getByTestId('state-row-default')).toBeVisible();
  await expect(again.getByText('已保存的状态')).toBeVisible();
  await shot(page, 'viewer-states/panel-zh');

  // The file the saved view shows is deleted from the project: the reloaded view says so and stays usable.
  const removed = await page.request.delete(`/v1/files/${receptor}`, { headers: { token: session.token } });
  expect((await removed.json()).success).toBe(true);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(toast(page, /This state shows files that are no longer in the project: 1w1p_receptor\.pdb/)).toBeVisible(
    {
      timeout: 60_000,
    },
  );
  await expect.poll(() => structures(page), { timeout: 60_000 }).toBe(1);
  await expect(page.getByText('No Data.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a remote state uploaded by the owner, opened by a READ_ONLY member by click and in a new tab', async ({
  page,
  session,
  browser,
}) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Remote');
  const receptor = await importFileByApi(session.token, project.id, join(BENCH, 'receptor.pdb'), '1w1p_receptor.pdb');
  const reader = await signUpByApi(page.request, { email: uniqueEmail('reader'), password: PASSWORD });
  await sharedReadOnly(page.request, session, project.id, reader);

  // The owner uploads the view with the receptor.
  await openWorkspace(page, project.id);
  const panel = await openStatesPanel(page);
  // The project's first session (of the empty view) is on the server before anything is shown.
  await sessionReady(page, 'synced');
  await closeStatesPanel(page);
  await showFile(page, receptor);
  await statesPanelAgain(page);
  const remote = panel.getByTestId('remote-states');
  await expect(remote.getByTestId('remote-server')).toHaveValue(
    new RegExp(`/v1/viewer/states/${project.id}/[A-Za-z0-9_-]+$`),
  );
  await panel.getByTestId('state-add-name').fill('Remote only');
  await panel.getByTestId('state-add-submit').click();
  await expect(panel.getByTestId('state-row-Remote only')).toBeVisible();
  await remote.getByTestId('remote-name').fill('Shared view');
  await remote.getByTestId('remote-description').fill('Receptor only');
  await remote.getByTestId('remote-upload').click();
  await expect(toast(page, 'Snapshot uploaded.')).toBeVisible();
  await expect(remote.getByTestId('remote-state-Shared view')).toBeVisible();
  await shot(page, 'viewer-states/remote-owner');
  // The marker lives only in the remote state: the project's session may hold the receptor too.
  await panel.getByTestId('state-remove-Remote only').click();
  await expect(panel.getByTestId('state-row-Remote only')).toHaveCount(0);

  // The READ_ONLY member: lists and opens, cannot upload or remove.
  const context = await browser.newContext({ baseURL, storageState: storageStateFor(reader) });
  const member = await context.newPage();
  await openWorkspace(member, project.id);
  const memberPanel = await openStatesPanel(member);
  // The project's session (the owner's empty view) is open: nothing shown yet.
  await sessionReady(member, 'idle');
  await expect(memberPanel.getByTestId('state-sync')).toHaveAttribute('data-read-only', 'true');
  await expect(memberPanel.getByTestId('state-row-Remote only')).toHaveCount(0);
  const memberRemote = memberPanel.getByTestId('remote-states');
  await expect(memberRemote.getByTestId('remote-read-only')).toBeVisible();
  await expect(memberRemote.getByTestId('remote-upload')).toHaveCount(0);
  await expect(memberRemote.getByTestId('remote-remove-Shared view')).toHaveCount(0);
  await statesPanelAgain(member);
  await memberRemote.getByTestId('remote-state-Shared view').click();
  await expect(toast(member, 'Remote state "Shared view" opened.')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => structures(member), { timeout: 60_000 }).toBe(1);
  await expect((await statesPanelAgain(member)).getByTestId('state-row-Remote only')).toBeVisible();
  await shot(member, 'viewer-states/remote-member');

  // Right-click: the workspace in a new tab opens the state from its snapshot-url.
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    memberRemote.getByTestId('remote-state-Shared view').click({ button: 'right' }),
  ]);
  expect(new URL(tab.url()).searchParams.get('snapshot-url')).toMatch(
    /\/v1\/viewer\/states\/\d+\/[^/]+\/get\/[0-9a-f-]+$/,
  );
  await expect(tab.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(toast(tab, 'Remote state "Shared view" opened.')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => structures(tab), { timeout: 60_000 }).toBe(1);
  await expect(tab.getByTestId('tb-more')).toHaveCount(0);
  await expect((await statesPanelAgain(tab)).getByTestId('state-row-Remote only')).toBeVisible();
  // The address no longer carries it: a reload does not open it again.
  await expect.poll(() => new URL(tab.url()).searchParams.has('snapshot-url')).toBe(false);
  await context.close();

  // The owner removes it: gone from the list and from the server.
  await statesPanelAgain(page);
  await remote.getByTestId('remote-remove-Shared view').click();
  await expect(remote.getByTestId('remote-state-Shared view')).toHaveCount(0);
  await remote.getByTestId('remote-refresh').click();
  await expect(remote.getByText('No remote states.')).toBeVisible();
});
