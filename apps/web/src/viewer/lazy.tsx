import { lazy } from 'react';

/**
 * Mol* and its CSS load only when a viewer is shown, never with the login page.
 * Wrap in <Suspense> (the router's Suspense covers the test page).
 */
export const LazyMedView = lazy(() => import('./MedView'));

/** Dev-only page (/viewer-test?file=<id>): the viewer full-size with one project file loaded. */
export const LazyViewerTestPage = lazy(() => import('./ViewerTestPage').then((m) => ({ default: m.ViewerTestPage })));
