import { MinusOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Tooltip } from 'antd';
import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Mosaic, type MosaicNode, type MosaicPath, MosaicWindow } from 'react-mosaic-component';
import 'react-mosaic-component/react-mosaic-component.css';
import { findWindow, windowComponent } from '../registry/registry';
import type { PaneId, WindowId } from '../registry/windows';
import { EmptyWindow } from './EmptyWindow';
import { layoutActions, useLayoutState } from './layout-store';
import './layout.css';

function MinimiseButton({ id }: { id: WindowId }) {
  const { t } = useTranslation('workspace');
  return (
    <Tooltip title={t('minimise')}>
      <Button
        size="small"
        type="text"
        icon={<MinusOutlined />}
        aria-label={t('minimise')}
        onClick={() => layoutActions.hide(id)}
        data-testid={`minimise-${id}`}
      />
    </Tooltip>
  );
}

/** A registered window's content (loaded on demand when it registered `load`). */
function WindowContent({ id }: { id: WindowId }) {
  const registration = findWindow(id);
  if (!registration) return <EmptyWindow text="" />;
  const Content = windowComponent(registration);
  return (
    <Suspense fallback={<Spin className="medx-tile-spin" />}>
      <Content id={id} />
    </Suspense>
  );
}

/**
 * The workspace's tiled, resizable, dockable layout (spec §2, react-mosaic). Windows are dragged
 * by their title bar; each has a minimise button that hides it to the header's Window menu.
 * Split changes are kept in memory while dragging and stored when the bar is released. What each
 * pane shows comes from the feature registry (workspace/registry): the layout knows no window.
 */
export function WorkspaceLayout() {
  const { t } = useTranslation();
  const { tree, slot } = useLayoutState();

  const renderTile = useCallback(
    (pane: PaneId, path: MosaicPath) => {
      const id: WindowId = pane === 'slot' ? (slot ?? '') : pane;
      const title = findWindow(id)?.title;
      return (
        <MosaicWindow<PaneId>
          path={path}
          title={title ? t(title) : ''}
          className={`medx-tile medx-tile-${pane}`}
          toolbarControls={<MinimiseButton id={id} />}
        >
          <div className="medx-tile-body" data-testid={`window-${id}`}>
            <WindowContent id={id} />
          </div>
        </MosaicWindow>
      );
    },
    [slot, t],
  );

  return (
    <Mosaic<PaneId>
      className="medx-mosaic"
      value={tree}
      renderTile={renderTile}
      onChange={(next: MosaicNode<PaneId> | null) => layoutActions.setTree(next, { persist: false })}
      onRelease={(next: MosaicNode<PaneId> | null) => layoutActions.setTree(next)}
      resize={{ minimumPaneSizePercentage: 5, minimumPaneSizePx: { column: 32 } }}
      zeroStateView={
        <div className="medx-tile-empty" data-testid="layout-empty">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workspace:allHidden')} />
        </div>
      }
    />
  );
}
