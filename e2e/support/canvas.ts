// How much of Med View's canvas is drawn: a blank canvas (only background) gives ~0.

import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { waitForSteady } from './steady';

const medViewCanvas = (page: Page) => page.locator('[data-testid="med-view"] canvas').first();

/**
 * Share of the canvas's pixels that differ from its most common colour (the background), read
 * from a screenshot of the canvas element (WebGL's own buffer is cleared after each frame).
 */
export async function canvasCoverage(page: Page): Promise<number> {
  const canvas = medViewCanvas(page);
  const png = await canvas.screenshot();
  return page.evaluate(
    async (bytes) => {
      const blob = new Blob([new Uint8Array(bytes)], { type: 'image/png' });
      const bitmap = await createImageBitmap(blob);
      const c = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = c.getContext('2d');
      if (!ctx) return 0;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const counts = new Map<number, number>();
      for (let i = 0; i < data.length; i += 4) {
        const key = ((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const pixels = data.length / 4;
      const background = Math.max(...counts.values());
      return (pixels - background) / pixels;
    },
    [...png],
  );
}

/** The canvas's current picture as a hash, to tell whether it changed. */
export async function canvasPicture(page: Page): Promise<string> {
  return createHash('sha1')
    .update(await medViewCanvas(page).screenshot())
    .digest('hex');
}

/**
 * Waits until Med View's picture stops changing: three screenshots of the canvas in a row are
 * identical (a camera move or a preset adding visuals changes them). For screenshots and
 * measurements that need the drawing finished; fails when it never settles within `timeout`.
 * One canvas screenshot took 30 s once, with docking's 3D view drawn by SwiftShader on 2 loaded
 * cores: hence 90 s by default.
 */
export async function waitForSteadyCanvas(page: Page, timeout = 90_000): Promise<void> {
  await waitForSteady(() => canvasPicture(page), { samples: 3, interval: 200, timeout, what: "Med View's picture" });
}
