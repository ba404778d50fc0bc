import { MinusOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Tooltip } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Mosaic, type MosaicNode, type MosaicPath, MosaicWindow } from 'react-mosaic-component';
import 'react-mosaic-component/react-mosaic-component.css';
import { layoutActions, useLayoutState } from './layout-store';
import { MedViewSlot } from './MedViewSlot';
import { SLOT_WINDOWS } from './slot-windows';
import { type PaneId, type WindowId, windowTitleKey } from './windows';
import './layout.css';

// Both windows read Mol*'s state: they load with the viewer's code, not with the page.
const StructureViewerWindow = lazy(() => import('../windows/structure-viewer/StructureViewerWindow'));
const SequenceViewerWindow = lazy(() => import('../windows/sequence-viewer/SequenceViewerWindow'));

interface WorkspaceLayoutProps {
  /** The Entry List window (it needs the page's project data). */
  entryList: ReactNode;
}

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

/**
 * The workspace's tiled, resizable, dockable layout (spec §2, react-mosaic). Windows are dragged
 * by their title bar; each has a minimise button that hides it to the header's Window menu.
 * Split changes are kept in memory while dragging and stored when the bar is released.
 */
export function WorkspaceLayout({ entryList }: WorkspaceLayoutProps) {
  const { t } = useTranslation('workspace');
  const { tree, slot } = useLayoutState();

  const content = useCallback(
    (pane: PaneId): ReactNode => {
      switch (pane) {
        case 'entryList':
          return entryList;
        case 'structureViewer':
          return (
            <Suspense fallback={<Spin className="medx-tile-spin" />}>
              <StructureViewerWindow />
            </Suspense>
          );
        case 'sequenceViewer':
          return (
            <Suspense fallback={<Spin className="medx-tile-spin" />}>
              <SequenceViewerWindow />
            </Suspense>
          );
        case 'medView':
          return <MedViewSlot />;
        case 'slot': {
          const id = slot ?? 'workspace2d';
          const Window = SLOT_WINDOWS[id];
          return (
            <Suspense fallback={<Spin className="medx-tile-spin" />}>
              <Window id={id} />
            </Suspense>
          );
        }
      }
    },
    [entryList, slot],
  );

  const renderTile = useCallback(
    (pane: PaneId, path: MosaicPath) => {
      const id: WindowId = pane === 'slot' ? (slot ?? 'workspace2d') : pane;
      return (
        <MosaicWindow<PaneId>
          path={path}
          title={t(windowTitleKey(id))}
          className={`medx-tile medx-tile-${pane}`}
          toolbarControls={<MinimiseButton id={id} />}
        >
          <div className="medx-tile-body" data-testid={`window-${id}`}>
            {content(pane)}
          </div>
        </MosaicWindow>
      );
    },
    [content, slot, t],
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
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('allHidden')} />
        </div>
      }
    />
  );
}
