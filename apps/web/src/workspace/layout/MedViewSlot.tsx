import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * Med View, loaded on demand: Mol* and its CSS are in the viewer's own chunk, so neither the
 * login page nor the project list pays for them. The viewer attaches its plugin to the
 * workspace's ViewerProvider (WorkspacePage), which the Entry List and the Structure and
 * Sequence Viewer windows share.
 */
const MedView = lazy(() => import('../../viewer/MedView').then((m) => ({ default: m.MedView })));

/** The Med View window's content. */
export function MedViewSlot() {
  return (
    <Suspense fallback={<Spin className="medx-tile-spin" />}>
      <div className="medx-med-view">
        <MedView />
      </div>
    </Suspense>
  );
}
