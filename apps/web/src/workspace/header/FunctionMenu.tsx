import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { layoutActions } from '../layout/layout-store';
import { functionMenuEntries } from '../registry/registry';

/**
 * The Function menu (spec §1: "open the docking workflow from the Function menu"): the entries
 * features register, each opening its window in the right-top-right slot. Hidden without entries.
 */
export function FunctionMenu() {
  const { t } = useTranslation();
  const entries = functionMenuEntries();
  if (entries.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: entries.map((entry) => ({
          key: entry.id,
          label: <span data-testid={`function-${entry.id}`}>{t(entry.label)}</span>,
        })),
        onClick: ({ key }) => {
          const entry = entries.find((candidate) => candidate.id === key);
          if (entry) layoutActions.show(entry.opens);
        },
      }}
    >
      <Button type="text" icon={<AppstoreOutlined />} data-testid="function-menu">
        {t('workspace:functionMenu')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
