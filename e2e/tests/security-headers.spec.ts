// The Content-Security-Policy and the other security headers of the server (docs/decisions.md,
// "Security headers") in real Chromium: (a) the app works under them, with no violation on the
// login page, the project list, the workspace with a structure in Med View, the Help page and
// the API console; (b) a user's SVG and HTML never run script on the app's origin, neither in
// the app's viewers nor opened as a page of their own.

import type { BrowserContext, Page } from '@playwright/test';
import { createProjectByApi } from '../support/api';
import { canvasCoverage } from '../support/canvas';
import { importContentByApi } from '../support/files';
import { expect, test } from '../support/fixtures';
import { importSampleByApi } from '../support/viewer';

test.use({ account: 'registered' });
// Mol* under SwiftShader on 2 shared cores: starting and loading take seconds each.
test.setTimeout(240_000);

// biome-ignore lint/suspicious/noExplicitAny: the page's own globals, untyped here.
type AnyWindow = any;

/**
 * Records every CSP violation of every page and frame of the context: the documents'
 * `securitypolicyviolation` events (through an init script, so from the first byte of each
 * document) and Chromium's console lines about the policy. Returns the list as it grows.
 */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding('__medxCspViolation', ({ frame }, line: string) => {
    seen.push(`${frame.url()}: ${line}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as AnyWindow).__medxCspViolation?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) seen.push(`console: ${message.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return seen;
}

const SVG_NAME = 'evil.svg';
// Three ways an SVG runs script: an element, an event attribute, a javascript: link. Each would
// leave a mark on the window and the title of the document it runs in.
const MALICIOUS_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
  width="120" height="80" viewBox="0 0 120 80" onload="window.__pwned = 'onload'; document.title = 'pwned'">
  <script>window.__pwned = 'script'; document.title = 'pwned';</script>
  <rect width="120" height="80" fill="#1677ff"/>
  <a xlink:href="javascript:window.__pwned = 'link'"><text x="10" y="45" fill="#fff">evil</text></a>
</svg>`;

const HTML_NAME = 'report.html';
const MALICIOUS_HTML = `<!doctype html><title>Report</title><h1 id="heading">Docking report</h1>
<script>window.__pwned = 'script'; try { parent.__pwned = 'parent'; } catch (e) {}
  try { window.__token = localStorage.getItem('token'); } catch (e) { window.__token = 'denied'; }</script>
<img src="x" onerror="window.__pwned = 'onerror'">`;

/** Whatever an executed payload would have left on the app's window. */
async function appMarks(page: Page) {
  return page.evaluate(() => ({ pwned: (window as AnyWindow).__pwned ?? null, title: document.title }));
}

test('(a) the app works under its policy: login, projects, Med View, Help, API console', async ({
  page,
  context,
  session,
}) => {
  if (!session) throw new Error('needs a session');
  const violations = await watchCsp(context);
  const project = await createProjectByApi(page.request, session.token, 'Policy');
  const files = await importSampleByApi(page.request, session.token, project.id, '1w1p');
  const receptor = files.find((f) => f.ext === 'pdb');
  const ligand = files.find((f) => f.ext === 'sdf');
  if (!receptor || !ligand) throw new Error('the 1w1p sample has a receptor PDB and a ligand SDF');

  // The headers are there on the page itself.
  const answer = await page.goto('/project');
  const headers = answer?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  await expect(page.getByTestId('nav-help')).toBeVisible();
  await expect(page.getByText('Policy').first()).toBeVisible();

  // The workspace: both sample files shown in Med View, drawn on the canvas.
  await page.goto(`/?project=${project.id}&lowGraphics=1`);
  await expect(page.getByTestId('med-view')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  for (const file of [receptor, ligand]) {
    await page.getByTestId(`entry-in-${file.id}`).click();
    await expect(page.getByTestId(`entry-in-${file.id}`)).toHaveAttribute('data-state', 'shown', { timeout: 60_000 });
  }
  await expect(page.getByTestId('med-view-status')).toHaveAttribute('data-structures', '2');
  await expect.poll(() => canvasCoverage(page), { timeout: 30_000 }).toBeGreaterThan(0.02);
  // Mol*'s own panels: the Help tab formats its mouse bindings, the settings list the options.
  const medView = page.getByTestId('med-view');
  await medView.locator('.msp-left-panel-controls-buttons button[title="Help"]').click();
  await medView.locator('.msp-control-group-header button').filter({ hasText: 'Moving in 3D' }).click();
  await expect(medView.locator('.msp-help-text').first()).toContainText('Rotate');
  for (const tab of ['Settings', 'Home']) {
    await medView.locator(`.msp-left-panel-controls-buttons button[title="${tab}"]`).click();
  }

  // The Help Center.
  await page.goto('/docs/help');
  await expect(page.getByTestId('docs-toc')).toBeVisible();

  // The login page, signed out (a page of its own context keeps this session).
  const signedOut = await context.browser()?.newContext();
  if (!signedOut) throw new Error('no browser');
  try {
    const outViolations = await watchCsp(signedOut);
    const login = await signedOut.newPage();
    await login.goto('/login');
    await expect(login.getByTestId('login-tab-signup')).toBeVisible();
    await login.getByTestId('login-tab-signup').click();
    // Swagger UI, under its own policy.
    await login.goto('/v1/docs');
    await expect(login.getByText('MedX Workbench API').first()).toBeVisible();
    await expect(login.locator('.opblock').first()).toBeVisible();
    violations.push(...outViolations);
  } finally {
    await signedOut.close();
  }

  expect(violations).toEqual([]);
});

test('(b) a user SVG and HTML never run script on the app origin', async ({ page, context, session }) => {
  if (!session) throw new Error('needs a session');
  const project = await createProjectByApi(page.request, session.token, 'Hostile');
  const svgId = await importContentByApi(session.token, project.id, SVG_NAME, MALICIOUS_SVG);
  await importContentByApi(session.token, project.id, HTML_NAME, MALICIOUS_HTML);

  await page.goto(`/?project=${project.id}`);
  const title = await page.title();
  const row = (name: string) => page.locator('[data-testid^="entry-row-"]').filter({ hasText: name });

  // ---- the SVG in the image viewer: drawn, inert ------------------------------------------------
  await row(SVG_NAME).dblclick();
  const image = page.getByTestId('image-viewer').locator('img').first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  const src = (await image.getAttribute('src')) ?? '';
  // Shown from a data: address, never a blob: one of the app's origin.
  expect(src).toMatch(/^data:image\/svg\+xml;base64,/);
  // The zoomed preview draws the same image.
  await image.click();
  const preview = page.locator('.ant-image-preview img').first();
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  expect(await appMarks(page)).toEqual({ pwned: null, title });

  // Had the viewer used a blob: address (a document of the app's origin when opened), the SVG
  // still could not run: a blob: document inherits the policy of the page that made it.
  const popupOpened = page.waitForEvent('popup');
  await page.evaluate((svg) => {
    window.open(URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })), '_blank');
  }, MALICIOUS_SVG);
  const popup = await popupOpened;
  await popup.waitForLoadState('load');
  expect(popup.url()).toMatch(/^blob:http/);
  expect(await popup.evaluate(() => ({ pwned: (window as AnyWindow).__pwned ?? null, title: document.title }))).toEqual(
    { pwned: null, title: '' },
  );
  await popup.close();

  // "Open image in new tab" (a navigation of the browser's own): the SVG is a document of an
  // opaque origin. Its script does run there (the payload is live, so the checks above mean
  // something), but on no origin: it can neither read the session nor call the API with it.
  const tab = await context.newPage();
  await tab.goto(src);
  expect(await tab.evaluate(() => origin)).toBe('null');
  await expect.poll(() => tab.evaluate(() => (window as AnyWindow).__pwned ?? null)).not.toBeNull();
  expect(
    await tab.evaluate(() => {
      try {
        return localStorage.getItem('token');
      } catch {
        return 'denied';
      }
    }),
  ).toBe('denied');
  await tab.close();
  expect(await appMarks(page)).toEqual({ pwned: null, title });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('image-viewer')).toBeHidden();

  // ---- the HTML file in the HTML viewer: shown in a sandboxed frame of an opaque origin --------
  await row(HTML_NAME).dblclick();
  const frameElement = page.getByTestId('html-frame');
  await expect(frameElement).toBeVisible();
  const frame = page.frameLocator('[data-testid="html-frame"]');
  await expect(frame.locator('#heading')).toHaveText('Docking report');
  const inside = await (await frameElement.elementHandle())?.contentFrame();
  if (!inside) throw new Error('no frame');
  expect(await inside.evaluate(() => origin)).toBe('null');
  // The app's policy, inherited by the srcdoc frame, keeps its inline script and handlers off.
  expect(
    await inside.evaluate(() => ({
      pwned: (window as AnyWindow).__pwned ?? null,
      token: (window as AnyWindow).__token ?? null,
    })),
  ).toEqual({ pwned: null, token: null });
  expect(await appMarks(page)).toEqual({ pwned: null, title });

  // ---- the download endpoint: bytes to save, never a page ---------------------------------------
  const download = await page.request.get(`/v1/files/${svgId}/download`, {
    headers: { token: session.token },
  });
  expect(download.headers()['content-type']).toBe('application/octet-stream');
  expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(download.headers()['content-security-policy']).toContain('sandbox');
});
