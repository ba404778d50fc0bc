import type { AdminFeedback } from '@medx/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Segmented, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminFeedbackApi, type FeedbackFilter } from '../../../api/admin';
import { unwrap } from '../../../api/client';
import { formatTime } from '../../../lib/format-time';
import { testId } from '../../../lib/test-id';
import { AdminSectionHeader } from '../AdminSectionHeader';

const feedbackKey = ['admin', 'feedback'] as const;
const FILTERS: FeedbackFilter[] = ['open', 'handled', 'all'];

/** The admin panel's Feedback: what users sent through the sidebar's Feedback form, open or handled. */
export function AdminFeedbackSection() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<FeedbackFilter>('open');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [busyId, setBusyId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: [...feedbackKey, filter, page, pageSize],
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await adminFeedbackApi.list(filter, page, pageSize)),
  });

  const toggle = async (row: AdminFeedback) => {
    setBusyId(row.id);
    const answer = await adminFeedbackApi.setHandled(row.id, !row.handled_at);
    setBusyId(null);
    if (!answer.success) return;
    message.success(answer.msg);
    await queryClient.invalidateQueries({ queryKey: feedbackKey });
  };

  const columns: TableProps<AdminFeedback>['columns'] = [
    {
      title: t('feedback.columns.content'),
      dataIndex: 'content',
      render: (content: string) => <span className="medx-admin-feedback-content">{content}</span>,
    },
    {
      title: t('feedback.columns.from'),
      width: 220,
      render: (_, row) => (
        <Flex vertical>
          <span>{row.email}</span>
          <Typography.Text type="secondary">
            {row.user
              ? `${row.user.username}${row.user.user_type === 'GUEST' ? ` (${t('feedback.guest')})` : ''}`
              : t('feedback.deleted')}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('feedback.columns.sentAt'), dataIndex: 'created_at', width: 190, render: (v: string) => formatTime(v) },
    {
      title: t('feedback.columns.status'),
      width: 120,
      render: (_, row) =>
        row.handled_at ? (
          <Tag color="success">{t('feedback.handled')}</Tag>
        ) : (
          <Tag color="processing">{t('feedback.open')}</Tag>
        ),
    },
    {
      title: t('messages.columns.actions'),
      width: 150,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          loading={busyId === row.id}
          onClick={() => void toggle(row)}
          data-testid="admin-feedback-toggle"
        >
          {row.handled_at ? t('feedback.reopen') : t('feedback.markHandled')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="admin-feedback-title">
      <AdminSectionHeader
        id="admin-feedback-title"
        title={t('feedback.title')}
        intro={t('feedback.intro')}
        extra={
          <Segmented<FeedbackFilter>
            value={filter}
            onChange={(next) => {
              setFilter(next);
              setPage(1);
            }}
            options={FILTERS.map((value) => ({ value, label: t(`feedback.filters.${value}`) }))}
            data-testid="admin-feedback-filter"
          />
        }
      />
      <Table<AdminFeedback>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        onRow={() => testId('admin-feedback-row')}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={query.isError ? t('messages.loadFailed') : t('feedback.empty')}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (count) => t('feedback.total', { count }),
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
        scroll={{ x: 860 }}
      />
    </section>
  );
}
