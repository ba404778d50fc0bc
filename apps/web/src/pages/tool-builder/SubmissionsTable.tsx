import { ReloadOutlined } from '@ant-design/icons';
import type { SubmissionStatus, ToolSubmission } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { toolBuilderApi, toolBuilderKey } from '../../api/tool-builder';
import { formatTime } from '../../lib/format-time';

export const submissionsKey = [...toolBuilderKey, 'submissions'] as const;

const STATUS_COLORS: Record<SubmissionStatus, string> = {
  SUBMITTED: 'processing',
  PUBLISHED: 'success',
  REJECTED: 'error',
};

/** The caller's submissions (GET /v1/tool-builder/submissions): review state, the reason of a rejection. */
export function SubmissionsTable() {
  const { t } = useTranslation('toolBuilder');
  const list = useQuery({
    queryKey: submissionsKey,
    queryFn: async () => unwrap(await toolBuilderApi.submissions()),
  });

  const columns: TableProps<ToolSubmission>['columns'] = [
    {
      key: 'tool',
      title: t('submissions.tool'),
      render: (_v, row) => (
        <Flex vertical>
          <Typography.Text strong>{row.tool_name}</Typography.Text>
          <Typography.Text type="secondary" code>
            {row.tool_id}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'version', title: t('submissions.version'), dataIndex: 'version', width: 110 },
    {
      key: 'status',
      title: t('submissions.status'),
      width: 130,
      render: (_v, row) => (
        <Tag color={STATUS_COLORS[row.status]} data-testid={`builder-submission-status-${row.id}`}>
          {t(`submissions.statuses.${row.status}`)}
        </Tag>
      ),
    },
    {
      key: 'reason',
      title: t('submissions.details'),
      render: (_v, row) =>
        row.status === 'REJECTED' && row.reason ? (
          <Typography.Text type="danger">{t('submissions.reason', { reason: row.reason })}</Typography.Text>
        ) : row.status === 'PUBLISHED' && row.category ? (
          <Typography.Text>{t('submissions.category', { category: row.category })}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">–</Typography.Text>
        ),
    },
    {
      key: 'date',
      title: t('submissions.date'),
      dataIndex: 'created_at',
      width: 210,
      render: (value: string) => formatTime(value),
    },
  ];

  return (
    <div data-testid="builder-submissions">
      <Flex justify="flex-end" style={{ marginBottom: 8 }}>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={list.isFetching}
          onClick={() => void list.refetch()}
          data-testid="builder-submissions-refresh"
        >
          {t('submissions.refresh')}
        </Button>
      </Flex>
      <Table<ToolSubmission>
        size="small"
        rowKey="id"
        loading={list.isPending}
        columns={columns}
        dataSource={list.data?.items ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={list.isError ? t('submissions.failed') : t('submissions.empty')}
            />
          ),
        }}
        data-testid="builder-submissions-table"
      />
    </div>
  );
}
