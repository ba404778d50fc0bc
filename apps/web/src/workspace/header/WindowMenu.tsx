import { CheckOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isWindowShown, layoutActions, useLayoutState } from '../layout/layout-store';
import { windowMenuWindows } from '../registry/registry';

/**
 * The header's Window dropdown (spec §2): the registered windows that ask for an entry, in their
 * order, each as its visibility rule decides (Docking Result only with ?jobType=DOCKING, ...).
 * Selecting a window un-hides it.
 */
export function WindowMenu() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = useLayoutState();
  const windows = windowMenuWindows({ params, isShown: (id) => isWindowShown(state, id) });

  const items: MenuProps['items'] = windows.map(({ id, title }) => ({
    key: id,
    icon: isWindowShown(state, id) ? <CheckOutlined /> : <span className="medx-menu-icon-space" />,
    label: <span data-testid={`window-menu-${id}`}>{t(title)}</span>,
  }));

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => layoutActions.show(key) }}
      placement="bottomRight"
    >
      <Button type="text" data-testid="window-menu" style={{ marginInlineStart: 'auto' }}>
        {t('workspace:windowMenu')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
