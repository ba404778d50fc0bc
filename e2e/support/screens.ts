// Full-page screenshots for review (and later for documentation).
//
// They go under e2e/test-results/ (Playwright's outputDir, git-ignored and
// emptied at the start of each run) so they are never committed by accident.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DIR } from './env';

export const SCREENS_DIR = join(E2E_DIR, 'test-results', 'screens');

/** Saves a full-page PNG as e2e/test-results/screens/<name>.png and returns its path. */
export async function shot(page: Page, name: string): Promise<string> {
  // Keep names file-system safe: "login/zh-CN" becomes "login_zh-CN".
  const file = join(SCREENS_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  mkdirSync(SCREENS_DIR, { recursive: true });
  // Web fonts still loading would be captured in a fallback font (or as boxes).
  await page.evaluate(() => document.fonts.ready);
  // Animations off and caret hidden so repeated runs give comparable images.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  return file;
}
