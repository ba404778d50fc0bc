import { CompassOutlined, LockOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GuideItem, matchesSearch, sortItems } from './catalogue';
import { categoryLabel } from './category-label';
import { toolUi } from './tool-ui';
import { useOpenTool } from './use-open-tool';
import { useToolPanel } from './use-tools';

/** Spec §9: the tools table shows 5 a page. */
export const TOOLS_PAGE_SIZE = 5;

/**
 * The Tools dialog (spec §2 Job screens): the catalogue searchable by name or id (and
 * description), 5 rows a page; clicking a row opens the tool. Unavailable tools are disabled
 * with their reason; denied ones open the no-licence reminder.
 */
export function ToolsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tools');
  const panel = useToolPanel(open);
  const openTool = useOpenTool();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const rows = useMemo(
    () => sortItems((panel.data ?? []).filter((item) => matchesSearch(item, query))),
    [panel.data, query],
  );

  const choose = (item: GuideItem) => {
    if (openTool(item)) onClose();
  };

  const columns: TableProps<GuideItem>['columns'] = [
    {
      key: 'name',
      title: t('dialog.name'),
      render: (_v, item) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Text strong disabled={!item.available}>
              {item.name}
            </Typography.Text>
            {!item.allowed && <LockOutlined aria-label={t('card.noLicence')} />}
          </Space>
          {!item.available && (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              {t('card.unavailableReason', { reason: item.unavailableReason ?? '' })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { key: 'id', title: t('dialog.id'), dataIndex: 'id', width: 180, ellipsis: true },
    {
      key: 'category',
      title: t('dialog.category'),
      width: 160,
      render: (_v, item) => <Tag variant="filled">{categoryLabel(t, item.category)}</Tag>,
    },
    { key: 'description', title: t('dialog.description'), dataIndex: 'description', ellipsis: true },
  ];

  return (
    <Modal open={open} title={t('dialog.title')} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <div data-testid="tools-dialog">
        <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
          <Input
            allowClear
            autoFocus
            placeholder={t('dialog.search')}
            aria-label={t('dialog.search')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(1);
            }}
            style={{ width: 360 }}
            prefix={<SearchOutlined />}
            data-testid="tools-search"
          />
          <Button
            icon={<CompassOutlined />}
            onClick={() => {
              onClose();
              toolUi.openGuide();
            }}
            data-testid="tools-open-guide"
          >
            {t('dialog.openGuide')}
          </Button>
        </Space>
        <Table<GuideItem>
          size="small"
          rowKey="id"
          loading={panel.isPending}
          columns={columns}
          dataSource={rows}
          locale={{ emptyText: t('dialog.empty') }}
          rowClassName={(item) => (item.available ? 'medx-tools-row' : 'medx-tools-row is-disabled')}
          onRow={(item) =>
            ({
              'data-testid': `tools-row-${item.id}`,
              'aria-disabled': !item.available,
              tabIndex: item.available ? 0 : -1,
              onClick: () => choose(item),
              onKeyDown: (event: React.KeyboardEvent) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(item);
                }
              },
            }) as React.HTMLAttributes<HTMLElement>
          }
          pagination={{
            current: page,
            pageSize: TOOLS_PAGE_SIZE,
            total: rows.length,
            showSizeChanger: false,
            showTotal: (count) => t('dialog.total', { count }),
            onChange: setPage,
          }}
        />
      </div>
    </Modal>
  );
}
