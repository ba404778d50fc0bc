import { Empty, Spin } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * ─── INTEGRATION POINT: Med View ────────────────────────────────────────────────────────────
 * The 3D viewer is built in `src/viewer/` (it exports a `MedView` component). Until that file
 * exists this returns a placeholder; importing a missing module would not compile. When it
 * lands, replace the body of `renderMedView` with:
 *
 *   const MedView = lazy(() => import('../../viewer/MedView').then((m) => ({ default: m.MedView })));
 *   // (declare MedView at module level, and add `lazy` to the react import)
 *   export function renderMedView(): ReactNode { return <MedView />; }
 *
 * `MedViewSlot` already wraps it in Suspense, so the viewer's chunk loads on demand.
 * This is the only place of the layout that knows about the viewer.
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
export function renderMedView(): ReactNode {
  return <MedViewPlaceholder />;
}

function MedViewPlaceholder() {
  const { t } = useTranslation('workspace');
  return (
    <div className="medx-tile-empty" data-testid="med-view-placeholder">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('medViewPlaceholder')} />
    </div>
  );
}

/** The Med View window's content: the viewer (see `renderMedView`), loaded on demand. */
export function MedViewSlot() {
  return (
    <Suspense fallback={<Spin className="medx-tile-spin" />}>
      <div className="medx-med-view">{renderMedView()}</div>
    </Suspense>
  );
}
