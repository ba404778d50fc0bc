// Playwright's `test` with a signed-in session on demand:
//
//   test.use({ account: 'registered' });      // or 'guest'; default 'none'
//   test('...', async ({ page, session }) => { await page.goto('/project'); });
//
// The account is created through the API (the UI flows that create accounts
// have tests of their own) and put into the page's localStorage through the
// context's storage state, so the page opens already signed in.

import { test as base } from '@playwright/test';
import { guestByApi, type Session, signUpByApi, storageStateFor, uniqueEmail } from './api';
import { jobsReport, watchPage } from './diagnostics';
import { baseURL } from './env';

export const PASSWORD = 'Secret-123';

export interface SessionFixtures {
  /** Which session the page starts with. */
  account: 'none' | 'registered' | 'guest';
  /** The session created for `account` (null for 'none'). */
  session: Session | null;
  /** Automatic: on failure, prints the page's errors and the session's jobs (support/diagnostics.ts). */
  diagnostics: undefined;
}

export const test = base.extend<SessionFixtures>({
  account: ['none', { option: true }],
  // Its own request context: the built-in `request` fixture is set up after the
  // context options (storageState among them), so it cannot feed storageState.
  session: async ({ account, playwright }, use) => {
    if (account === 'none') return use(null);
    const request = await playwright.request.newContext({ baseURL });
    const session =
      account === 'guest'
        ? await guestByApi(request)
        : await signUpByApi(request, { email: uniqueEmail('user'), password: PASSWORD });
    await request.dispose();
    await use(session);
  },
  storageState: async ({ session, storageState }, use) => {
    await use(session ? storageStateFor(session) : storageState);
  },
  diagnostics: [
    async ({ page, session, playwright }, use, testInfo) => {
      const pageErrors = watchPage(page);
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      const lines = pageErrors().slice(-30);
      if (session) {
        const request = await playwright.request.newContext({ baseURL });
        lines.push(...(await jobsReport(request, session).catch((err) => [`jobs report failed: ${err}`])));
        await request.dispose();
      }
      if (lines.length === 0) return;
      const text = lines.join('\n');
      console.log(`--- diagnostics of "${testInfo.title}" ---\n${text}\n--- end of diagnostics ---`);
      await testInfo.attach('diagnostics', { body: text, contentType: 'text/plain' });
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
