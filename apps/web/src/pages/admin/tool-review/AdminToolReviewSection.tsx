import { SUBMISSION_STATUSES, type ToolSubmission } from '@medx/contract';
import { Button, Empty, Flex, Segmented, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmissionFilter } from '../../../api/tool-review';
import { formatTime } from '../../../lib/format-time';
import { testId } from '../../../lib/test-id';
import { AdminSectionHeader } from '../AdminSectionHeader';
import { SubmissionDrawer } from './SubmissionDrawer';
import { SubmissionStatusTag, TestStatusTag } from './SubmissionTags';
import { TEST_POLL_MS, TOOL_REVIEW_PAGE_SIZE, useSubmissions } from './use-tool-review';
import './tool-review.css';

const FILTERS: SubmissionFilter[] = [...SUBMISSION_STATUSES, 'ALL'];

interface AdminToolReviewSectionProps {
  /** How often a running test is read again (tests make it short). */
  pollMs?: number;
}

/**
 * The admin panel's Tool review (issue 16): tools users built and submitted, awaiting review
 * by default. A drawer per submission shows the XML and scripts, runs the tests, and publishes
 * the tool into a catalogue category or rejects it with a reason the author reads in News.
 */
export function AdminToolReviewSection({ pollMs = TEST_POLL_MS }: AdminToolReviewSectionProps) {
  const { t } = useTranslation('toolReview');
  const [status, setStatus] = useState<SubmissionFilter>('SUBMITTED');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(TOOL_REVIEW_PAGE_SIZE);
  // The submission the drawer shows; kept while the drawer closes.
  const [opened, setOpened] = useState<number | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const query = useSubmissions(status, page, pageSize);

  const open = (row: ToolSubmission) => {
    setOpened(row.id);
    setDrawerOpen(true);
  };

  const columns: TableProps<ToolSubmission>['columns'] = [
    {
      title: t('columns.toolId'),
      dataIndex: 'tool_id',
      ellipsis: true,
      render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
    },
    {
      title: t('columns.name'),
      dataIndex: 'tool_name',
      ellipsis: true,
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    { title: t('columns.version'), dataIndex: 'version', width: 100 },
    {
      title: t('columns.author'),
      width: 220,
      render: (_, row) => (
        <Flex vertical>
          <span>{row.user.username}</span>
          {row.user.email && <Typography.Text type="secondary">{row.user.email}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('columns.submittedAt'),
      dataIndex: 'created_at',
      width: 190,
      render: (value: string) => formatTime(value),
    },
    {
      title: t('columns.testStatus'),
      width: 110,
      render: (_, row) => <TestStatusTag status={row.test_status} testId={`submission-test-status-${row.id}`} />,
    },
    {
      title: t('columns.status'),
      width: 130,
      render: (_, row) => <SubmissionStatusTag status={row.status} testId={`submission-status-${row.id}`} />,
    },
    {
      title: t('columns.actions'),
      width: 100,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => open(row)} data-testid={`submission-open-${row.id}`}>
          {row.status === 'SUBMITTED' ? t('review') : t('view')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="admin-tool-review-title">
      <AdminSectionHeader
        id="admin-tool-review-title"
        title={t('title')}
        intro={t('intro')}
        extra={
          <Segmented<SubmissionFilter>
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
            options={FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
            data-testid="tool-review-filter"
          />
        }
      />
      <Table<ToolSubmission>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        onRow={(row) => ({
          ...testId(`submission-row-${row.id}`),
          onClick: () => open(row),
          style: { cursor: 'pointer' },
        })}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={query.isError ? t('loadFailed') : t(`empty.${status}`)}
              data-testid={query.isError ? 'tool-review-load-failed' : 'tool-review-empty'}
            >
              {query.isError && <Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
            </Empty>
          ),
        }}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (count) => t('total', { count }),
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
        scroll={{ x: 1100 }}
      />
      <SubmissionDrawer id={opened} open={drawerOpen} onClose={() => setDrawerOpen(false)} pollMs={pollMs} />
    </section>
  );
}
