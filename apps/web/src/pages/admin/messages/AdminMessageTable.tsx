import type { AdminMessage, AdminMessageStatus, Envelope } from '@medx/contract';
import { normalizeLang } from '@medx/contract';
import { App, Button, Empty, Popconfirm, Space, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminMessagesApi } from '../../../api/news';
import { formatTime } from '../../../lib/format-time';
import { testId } from '../../../lib/test-id';
import { useRefreshAdminMessages } from './use-admin-messages';

const STATUS_COLORS: Record<AdminMessageStatus, string> = {
  DRAFT: 'default',
  PUBLISHED: 'success',
  WITHDRAWN: 'warning',
};

interface AdminMessageTableProps {
  items: AdminMessage[];
  total: number;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onEdit: (message: AdminMessage) => void;
}

/** The messages with their state and readers; drafts can be edited and published, published ones withdrawn. */
export function AdminMessageTable(props: AdminMessageTableProps) {
  const { items, total, loading, failed, onRetry, page, pageSize, onPageChange, onEdit } = props;
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const refresh = useRefreshAdminMessages();
  const [busyId, setBusyId] = useState<number | null>(null);
  const zh = normalizeLang(i18n.language) === 'zh-CN';

  const run = async (id: number, call: () => Promise<Envelope<AdminMessage>>, fallback: string) => {
    setBusyId(id);
    const answer = await call();
    setBusyId(null);
    if (!answer.success) return;
    message.success(answer.msg || fallback);
    await refresh();
  };

  const columns: TableProps<AdminMessage>['columns'] = [
    {
      title: t('messages.columns.type'),
      dataIndex: 'type',
      width: 140,
      render: (_, row) => t(`types.${row.type}`),
    },
    {
      title: t('messages.columns.title'),
      dataIndex: zh ? 'title_zh' : 'title_en',
      ellipsis: true,
    },
    {
      title: t('messages.columns.status'),
      dataIndex: 'status',
      width: 120,
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`statuses.${row.status}`)}</Tag>,
    },
    {
      title: t('messages.columns.publishedAt'),
      dataIndex: 'published_at',
      width: 210,
      render: (_, row) => formatTime(row.published_at),
    },
    {
      title: t('messages.columns.readCount'),
      dataIndex: 'read_count',
      width: 100,
      align: 'right',
    },
    {
      title: t('messages.columns.actions'),
      key: 'actions',
      width: 200,
      render: (_, row) => (
        <Space size={0} wrap>
          {row.status === 'DRAFT' && (
            <>
              <Button type="link" size="small" onClick={() => onEdit(row)} data-testid="admin-message-edit">
                {t('messages.actions.edit')}
              </Button>
              <Button
                type="link"
                size="small"
                loading={busyId === row.id}
                onClick={() => void run(row.id, () => adminMessagesApi.publish(row.id), t('msg:messagePublished'))}
                data-testid="admin-message-publish"
              >
                {t('messages.actions.publish')}
              </Button>
            </>
          )}
          {row.status === 'PUBLISHED' && (
            <Popconfirm
              title={t('messages.withdrawConfirm')}
              description={t('messages.withdrawConfirmText')}
              okText={t('messages.actions.withdraw')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true, ...testId('admin-message-withdraw-confirm') }}
              onConfirm={() => run(row.id, () => adminMessagesApi.withdraw(row.id), t('msg:messageWithdrawn'))}
            >
              <Button type="link" size="small" danger loading={busyId === row.id} data-testid="admin-message-withdraw">
                {t('messages.actions.withdraw')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<AdminMessage>
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={loading}
      onRow={(row) => ({ ...testId('admin-message-row'), 'aria-label': zh ? row.title_zh : row.title_en })}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={failed ? t('messages.loadFailed') : t('messages.empty')}
          >
            {failed && <Button onClick={onRetry}>{t('messages.retry')}</Button>}
          </Empty>
        ),
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50],
        showTotal: (count) => t('messages.total', { count }),
        onChange: onPageChange,
      }}
      scroll={{ x: 860 }}
    />
  );
}
