import { lazy } from 'react';

/** Dev-only page (/viewer-test?file=<id>): the viewer full-size with one project file loaded. */
export const LazyViewerTestPage = lazy(() => import('./ViewerTestPage').then((m) => ({ default: m.ViewerTestPage })));
