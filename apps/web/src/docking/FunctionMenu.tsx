import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { layoutActions } from '../workspace/layout/layout-store';

/**
 * The Function menu (spec §1: "open the docking workflow from the Function menu"): opens the
 * Docking wizard and the project's Docking Result window in the right-top-right slot.
 */
export function FunctionMenu() {
  const { t } = useTranslation('docking');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'docking', label: <span data-testid="function-docking">{t('function.docking')}</span> },
          {
            key: 'dockingResult',
            label: <span data-testid="function-docking-result">{t('function.dockingResult')}</span>,
          },
        ],
        onClick: ({ key }) => layoutActions.show(key === 'docking' ? 'docking' : 'dockingResult'),
      }}
    >
      <Button type="text" icon={<AppstoreOutlined />} data-testid="function-menu">
        {t('function.title')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
