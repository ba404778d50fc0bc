// Locators for antd widgets that have no test id of their own: toasts, form
// errors, select options, dropdown menus.

import { expect, type Locator, type Page } from '@playwright/test';

/** An antd message toast (success, error...) whose text contains `text`. */
export function toast(page: Page, text: string | RegExp, type?: 'success' | 'error' | 'info' | 'warning'): Locator {
  return page.locator(type ? `.ant-message-notice-${type}` : '.ant-message-notice').filter({ hasText: text });
}

/**
 * The validation message(s) under the form item that holds the element with this test id:
 * an antd Form.Item, or a light field of the login page (ui-light).
 */
export function fieldError(page: Page, testId: string): Locator {
  return (
    page
      .locator('.ant-form-item, .lt-field')
      .filter({ has: page.getByTestId(testId) })
      .last() // the innermost item when Form.Items nest
      // A replaced message fades out (…-leave) while the new one fades in: skip the old one.
      .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave), .lt-field-error')
  );
}

/** Opens an antd Select and picks the option labelled `label` from its (visible) dropdown. */
export async function pickOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

/**
 * Right-clicks an element to open its context menu. The element is scrolled into view
 * first, on its own: antd closes a right-click menu on any scroll of its target's
 * containers, and the scroll Playwright makes as part of the click fires its event a
 * frame later, sometimes just after the menu opened (seen in CI: the menu vanished
 * before its item could be clicked). The click's own stability check waits out that frame.
 */
export async function rightClick(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await target.click({ button: 'right' });
}

/** Items of the open antd dropdown menu (avatar menu...). */
export function openMenu(page: Page): Locator {
  return page.locator('.ant-dropdown:visible .ant-dropdown-menu');
}

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

/** The element's box once it has stopped moving (a toast slides in), failing if it never does. */
export async function settledBox(locator: Locator, timeout = 10_000): Promise<Box> {
  let last: Box | null = null;
  let settled: Box | null = null;
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        settled = box !== null && JSON.stringify(box) === JSON.stringify(last) ? box : null;
        last = box;
        return settled !== null;
      },
      { timeout, intervals: [100], message: 'the element kept moving or was not on screen' },
    )
    .toBe(true);
  if (!settled) throw new Error('unreachable: the poll above passed');
  return settled;
}

/** Asserts that two elements on screen do not overlap (a toast must not lie over a toolbar). */
export async function expectNoOverlap(a: Locator, b: Locator): Promise<void> {
  const [first, second] = [await settledBox(a), await settledBox(b)];
  const overlap =
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height;
  expect(overlap, `${JSON.stringify(first)} overlaps ${JSON.stringify(second)}`).toBe(false);
}

/**
 * Waits until the antd popover or modal holding `inside` has finished zooming in. While it
 * zooms, its buttons move between frames yet can look stable to a click (two equal frames
 * before the animation starts), which then lands where the button no longer is.
 */
export async function afterZoomIn(inside: Locator): Promise<void> {
  const holder = inside.locator(
    'xpath=ancestor-or-self::div[contains(@class,"ant-popover") or contains(@class,"ant-modal")][1]',
  );
  await expect(holder).toBeVisible();
  await expect(holder).not.toHaveClass(/ant-zoom[\w-]*-(appear|enter)/);
}
