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
import { baseURL } from './env';

export const PASSWORD = 'Secret-123';

export interface SessionFixtures {
  /** Which session the page starts with. */
  account: 'none' | 'registered' | 'guest';
  /** The session created for `account` (null for 'none'). */
  session: Session | null;
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
});

export { expect } from '@playwright/test';
