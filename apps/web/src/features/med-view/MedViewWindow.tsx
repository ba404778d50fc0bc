import { Spin } from 'antd';
import { Suspense } from 'react';
import { LazyMedView } from '../../viewer/LazyMedView';

/**
 * The Med View window's content. Mol* and its CSS are in the viewer's own chunk, so neither the
 * login page nor the project list pays for them. The viewer attaches its plugin to the
 * workspace's ViewerProvider (WorkspacePage), which the Entry List and the Structure and
 * Sequence Viewer windows share.
 */
export function MedViewWindow() {
  return (
    <Suspense fallback={<Spin className="medx-tile-spin" />}>
      <div className="medx-med-view">
        <LazyMedView />
      </div>
    </Suspense>
  );
}
