import type { AdminInstance, AdminInstanceQuery } from '@medx/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Segmented, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminInstancesApi } from '../../../api/admin';
import { unwrap } from '../../../api/client';
import { formatTime } from '../../../lib/format-time';
import { testId } from '../../../lib/test-id';
import { InstanceStatusTag, useBillingLabels } from '../../billing/billing-labels';
import { AdminSectionHeader } from '../AdminSectionHeader';

export const adminInstancesKey = ['admin', 'instances'] as const;
const PAGE_SIZE = 10;

type StatusFilter = AdminInstanceQuery['status'];
const FILTERS: StatusFilter[] = ['live', 'ended', 'all'];

/** An instance an admin can still stop: not ended, not failed nor expired. */
export const isLive = (instance: AdminInstance) =>
  instance.ended_at === null && instance.status !== 'failed' && instance.status !== 'expired';

/** The admin panel's Instances: live ones (activating or running), ended ones; an admin can stop one. */
export function AdminInstancesSection() {
  const { t } = useTranslation('admin');
  const labels = useBillingLabels();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>('live');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...adminInstancesKey, status, page],
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await adminInstancesApi.list({ page, limit: PAGE_SIZE, status })),
  });

  const stop = async (row: AdminInstance) => {
    const answer = await adminInstancesApi.stop(row.id);
    if (!answer.success) return;
    message.success(answer.msg || t('msg:instanceStopped'));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminInstancesKey }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'system'] }),
    ]);
  };

  const confirmStop = (row: AdminInstance) =>
    modal.confirm({
      title: t('instances.stopTitle', { id: row.id, name: row.user.username }),
      content: t('instances.stopText'),
      okText: t('instances.stop'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: true, ...testId('admin-instance-stop-confirm') },
      onOk: () => stop(row),
    });

  const endReason = (reason: string) => t(`instances.endReasons.${reason}`, { defaultValue: reason });

  const columns: TableProps<AdminInstance>['columns'] = [
    { title: t('instances.columns.id'), dataIndex: 'id', width: 70 },
    {
      title: t('instances.columns.user'),
      width: 150,
      render: (_, row) => t('userRef', { name: row.user.username, id: row.user.id }),
    },
    {
      title: t('instances.columns.plan'),
      width: 170,
      render: (_, row) => (
        <Flex vertical>
          <span>{labels.level(row.level)}</span>
          <Typography.Text type="secondary">{labels.payType(row.pay_type)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('instances.columns.size'),
      width: 200,
      render: (_, row) => t('instances.size', { cores: row.cores, memory: row.memory_gb, jobs: row.concurrent_jobs }),
    },
    {
      title: t('instances.columns.status'),
      dataIndex: 'status',
      width: 140,
      render: (_, row) => <InstanceStatusTag status={row.status} />,
    },
    {
      title: t('instances.columns.jobs'),
      width: 130,
      align: 'right',
      render: (_, row) => `${row.jobs_running} / ${row.jobs_total}`,
    },
    {
      title: t('instances.columns.times'),
      width: 290,
      render: (_, row) => (
        <Flex vertical>
          <span>{t('instances.activated', { time: formatTime(row.activated_at) })}</span>
          <span>
            {t('instances.expires', {
              time: row.expires_at ? formatTime(row.expires_at) : t('instances.untilStopped'),
            })}
          </span>
          {row.ended_at && <span>{t('instances.ended', { time: formatTime(row.ended_at) })}</span>}
        </Flex>
      ),
    },
    {
      title: t('instances.columns.endReason'),
      dataIndex: 'end_reason',
      width: 150,
      render: (reason: string | null) => (reason ? endReason(reason) : '-'),
    },
    {
      title: t('instances.columns.actions'),
      width: 90,
      fixed: 'right',
      render: (_, row) =>
        isLive(row) ? (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => confirmStop(row)}
            data-testid={`admin-instance-stop-${row.id}`}
          >
            {t('instances.stop')}
          </Button>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="admin-instances-title">
      <AdminSectionHeader
        id="admin-instances-title"
        title={t('instances.title')}
        intro={t('instances.intro')}
        extra={
          <Segmented<StatusFilter>
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
            options={FILTERS.map((value) => ({ value, label: t(`instances.filters.${value}`) }))}
            data-testid="admin-instances-status"
          />
        }
      />
      <Table<AdminInstance>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        onRow={(row) => testId(`admin-instance-row-${row.id}`)}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={query.isError ? t('loadFailed') : t('instances.empty')}
            >
              {query.isError && <Button onClick={() => void query.refetch()}>{t('messages.retry')}</Button>}
            </Empty>
          ),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('instances.total', { count }),
          onChange: setPage,
        }}
        scroll={{ x: 1400 }}
      />
    </section>
  );
}
