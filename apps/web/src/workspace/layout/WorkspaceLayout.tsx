import { Empty } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Mosaic, type MosaicNode, type MosaicPath, MosaicWindow } from 'react-mosaic-component';
import 'react-mosaic-component/react-mosaic-component.css';
import { findWindow } from '../registry/registry';
import type { PaneId, WindowId } from '../registry/windows';
import { FloatingWindows } from './FloatingWindows';
import { layoutActions, useLayoutState } from './layout-store';
import { MinimiseButton, WindowContent } from './WindowParts';
import './layout.css';

/**
 * The workspace's tiled, resizable, dockable layout (spec §2, react-mosaic). Windows are dragged
 * by their title bar; each has a minimise button that hides it to the header's Window menu.
 * Split changes are kept in memory while dragging and stored when the bar is released. What each
 * pane shows comes from the feature registry (workspace/registry): the layout knows no window.
 * Floating windows (place 'floating') sit over the tiles.
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
    <>
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
      <FloatingWindows />
    </>
  );
}
