import { lazy } from 'react';

/**
 * Med View on demand: Mol* and its CSS load only when a viewer is shown, never with the login
 * page. Wrap in <Suspense>.
 */
export const LazyMedView = lazy(() => import('./MedView'));
