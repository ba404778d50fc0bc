// Smoke test: the built server serves the web app and the login page renders.

import { expect, test } from '@playwright/test';
import { shot } from '../support/screens';

test('login page loads', async ({ page }) => {
  // An uncaught exception usually leaves an empty page; collect them so the
  // failure says why instead of just "element not found".
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto('/login');
  await expect(page).toHaveTitle(/MedX/);

  // The title comes from the static index.html, before the app has rendered
  // anything: wait for the login form (any input) so the screenshot is not
  // blank, failing early with the page's errors if it crashed.
  await expect(async () => {
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    await expect(page.locator('input').first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });

  await shot(page, 'login');
});
