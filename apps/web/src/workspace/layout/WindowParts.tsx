import { MinusOutlined } from '@ant-design/icons';
import { Button, Spin, Tooltip } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { findWindow, windowComponent } from '../registry/registry';
import type { WindowId } from '../registry/windows';
import { EmptyWindow } from './EmptyWindow';
import { layoutActions } from './layout-store';

/** The hide-to-Window-menu button of every window's title bar (tiled or floating). */
export function MinimiseButton({ id }: { id: WindowId }) {
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
export function WindowContent({ id }: { id: WindowId }) {
  const registration = findWindow(id);
  if (!registration) return <EmptyWindow text="" />;
  const Content = windowComponent(registration);
  return (
    <Suspense fallback={<Spin className="medx-tile-spin" />}>
      <Content id={id} />
    </Suspense>
  );
}
