// Locators for antd widgets that have no test id of their own: toasts, form
// errors, select options, dropdown menus.

import type { Locator, Page } from '@playwright/test';

/** An antd message toast (success, error...) whose text contains `text`. */
export function toast(page: Page, text: string | RegExp, type?: 'success' | 'error' | 'info' | 'warning'): Locator {
  return page.locator(type ? `.ant-message-notice-${type}` : '.ant-message-notice').filter({ hasText: text });
}

/** The validation message(s) under the form item that holds the element with this test id. */
export function fieldError(page: Page, testId: string): Locator {
  return (
    page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId(testId) })
      .last() // the innermost item when Form.Items nest
      // A replaced message fades out (…-leave) while the new one fades in: skip the old one.
      .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)')
  );
}

/** Opens an antd Select and picks the option labelled `label` from its (visible) dropdown. */
export async function pickOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

/** Items of the open antd dropdown menu (avatar menu...). */
export function openMenu(page: Page): Locator {
  return page.locator('.ant-dropdown:visible .ant-dropdown-menu');
}
