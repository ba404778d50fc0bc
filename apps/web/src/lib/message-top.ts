/**
 * Where toasts (antd message) appear: below the app header (56 px high), so they never cover its
 * menus and tools, nor Med View's toolbar, which is the top row of a page without the header
 * (/viewer-test) and lies lower in the workspace (under the header, the workspace bar and the
 * window's title). e2e/tests/viewer-toolbar.spec.ts checks both pages.
 */
export const MESSAGE_TOP = 64;
