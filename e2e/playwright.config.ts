// Playwright end-to-end configuration.
//
// The server under test is the BUILT server (apps/server/dist/main.js), started
// by support/global-setup.ts on a free port with a fresh data directory (see
// support/env.ts), and stopped by support/global-teardown.ts.
//
// Browsers cannot be downloaded on our machines, so tests drive Debian's
// chromium package (installed by scripts/setup.mjs).

import { defineConfig } from '@playwright/test';
import { baseURL } from './support/env';

const isCI = Boolean(process.env.CI);

// Flags for headless Chromium on servers and CI containers.
const CHROMIUM_ARGS = [
  // We run as root in CI containers, where Chromium's sandbox cannot start.
  '--no-sandbox',
  // No GPU on these machines; WebGL still works through SwiftShader (below).
  '--disable-gpu',
  // No background traffic: the machines only reach the npm and Debian mirrors,
  // and stray requests slow startup or add noise to traces.
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Software WebGL (needed by the Mol* 3D viewer): ANGLE on SwiftShader.
  // Checked with Debian's Chromium 156: WebGL 1 and 2 contexts render with
  // these flags. Playwright adds --enable-unsafe-swiftshader itself; it is
  // listed so the requirement stays visible if that default ever changes.
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export default defineConfig({
  testDir: './tests',
  // Test artifacts (failure screenshots, traces) and our own screenshots
  // (support/screens.ts). Playwright empties it at the start of each run.
  outputDir: './test-results',

  // CI machines have 2 cores, and the server, Chromium and SwiftShader all
  // need CPU: run one test at a time, and never hide flakiness with retries.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: isCI, // a stray test.only must not silently skip the suite in CI

  timeout: 60_000,
  expect: { timeout: 10_000 },

  // Locally also write an HTML report (never auto-opened: that would block the
  // terminal on failure). CI keeps the plain list output in its log.
  reporter: isCI ? 'list' : [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }]],

  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',

  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
