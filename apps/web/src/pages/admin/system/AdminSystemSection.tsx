import { ReloadOutlined } from '@ant-design/icons';
import { type AdminSystem, JOB_STATUSES } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Progress,
  Row,
  Skeleton,
  Statistic,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { adminSystemApi } from '../../../api/admin';
import { unwrap } from '../../../api/client';
import { formatSize } from '../../../lib/format-size';
import { formatTime } from '../../../lib/format-time';
import { testId } from '../../../lib/test-id';
import { AdminSectionHeader } from '../AdminSectionHeader';

export const adminSystemKey = ['admin', 'system'] as const;
/** The section reloads itself this often while it is open. */
export const SYSTEM_REFRESH_MS = 10_000;

type Worker = AdminSystem['workers'][number];
type Lane = Worker['lanes'][number];

const STATE_COLORS: Record<string, string> = {
  PRE_PROCESSING: '#faad14',
  RUNNING: '#1677ff',
  POST_PROCESSING: '#13c2c2',
  FINISHED: '#52c41a',
  STOPPED: '#8c8c8c',
  FAILED: '#ff4d4f',
};

/** The job states in the order of their life, then any the server adds. */
function orderedStates(jobs: Record<string, number>): [string, number][] {
  const known = JOB_STATUSES.filter((state) => state in jobs).map((state): [string, number] => [
    state,
    jobs[state] ?? 0,
  ]);
  const others = Object.entries(jobs).filter(([state]) => !(JOB_STATUSES as readonly string[]).includes(state));
  return [...known, ...others];
}

/** The admin panel's System: the job queue, jobs by state, storage, users, capacity and each worker's lanes. */
export function AdminSystemSection() {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: adminSystemKey,
    refetchInterval: SYSTEM_REFRESH_MS,
    queryFn: async () => unwrap(await adminSystemApi.get()),
  });
  const data = query.data;

  return (
    <section aria-labelledby="admin-system-title" data-testid="admin-system">
      <AdminSectionHeader
        id="admin-system-title"
        title={t('system.title')}
        intro={t('system.intro')}
        extra={
          <Flex gap={8} align="center">
            {query.dataUpdatedAt > 0 && (
              <Typography.Text type="secondary">
                {t('system.updatedAt', { time: formatTime(query.dataUpdatedAt) })}
              </Typography.Text>
            )}
            <Button
              icon={<ReloadOutlined />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
              data-testid="admin-system-refresh"
            >
              {t('system.refresh')}
            </Button>
          </Flex>
        }
      />
      {data ? (
        <SystemCards data={data} />
      ) : query.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('loadFailed')}>
          <Button onClick={() => void query.refetch()}>{t('messages.retry')}</Button>
        </Empty>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </section>
  );
}

function SystemCards({ data }: { data: AdminSystem }) {
  const { t } = useTranslation('admin');
  const { capacity, storage, users } = data;
  const reservedPercent = capacity.sellable_cores > 0 ? (capacity.reserved_cores / capacity.sellable_cores) * 100 : 0;

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small" title={t('system.queue')} {...testId('admin-system-queue')}>
            <Statistic value={data.queue_depth} suffix={t('system.jobsUnit', { count: data.queue_depth })} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small" title={t('system.storage')} {...testId('admin-system-storage')}>
            <Statistic value={formatSize(storage.bytes)} />
            <Typography.Text type="secondary">{t('system.files', { count: storage.files })}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small" title={t('system.users')} {...testId('admin-system-users')}>
            <Statistic value={users.registered} suffix={t('system.registered')} />
            <Typography.Text type="secondary">
              {t('system.usersMore', { guests: users.guests, disabled: users.disabled })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small" title={t('system.capacity')} {...testId('admin-system-capacity')}>
            <Progress
              percent={Math.min(100, Math.round(reservedPercent))}
              status={reservedPercent >= 100 ? 'exception' : 'normal'}
              aria-label={t('system.capacity')}
            />
            <Typography.Text type="secondary">
              {t('system.capacityValue', { reserved: capacity.reserved_cores, sellable: capacity.sellable_cores })}
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <JobStates jobs={data.jobs_by_state} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('system.workers')}
      </Typography.Title>
      {data.workers.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.noWorkers')} />
      ) : (
        data.workers.map((worker) => <WorkerCard key={worker.id} worker={worker} />)
      )}
    </Flex>
  );
}

/** Jobs by state as bars against the largest count: people would rather look than read. */
function JobStates({ jobs }: { jobs: Record<string, number> }) {
  const { t } = useTranslation('admin');
  const states = orderedStates(jobs);
  const max = Math.max(1, ...states.map(([, count]) => count));
  return (
    <Card size="small" title={t('system.jobs')} {...testId('admin-system-jobs')}>
      {states.length === 0 ? (
        <Typography.Text type="secondary">{t('system.noJobs')}</Typography.Text>
      ) : (
        <Flex vertical gap={6}>
          {states.map(([state, count]) => (
            <Flex key={state} gap={12} align="center" {...testId(`admin-system-jobs-${state}`)}>
              <span style={{ flex: '0 0 140px' }}>{t(`system.jobStates.${state}`, { defaultValue: state })}</span>
              <Progress
                percent={(count / max) * 100}
                showInfo={false}
                strokeColor={STATE_COLORS[state] ?? '#722ed1'}
                style={{ flex: 1, margin: 0 }}
                aria-label={t(`system.jobStates.${state}`, { defaultValue: state })}
              />
              <span style={{ flex: '0 0 60px', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{count}</span>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

function WorkerCard({ worker }: { worker: Worker }) {
  const { t } = useTranslation('admin');
  const used = worker.memory_total_bytes - worker.memory_free_bytes;
  const memoryPercent = worker.memory_total_bytes > 0 ? (used / worker.memory_total_bytes) * 100 : 0;

  const columns: TableProps<Lane>['columns'] = [
    {
      title: t('system.lanes.lane'),
      render: (_, lane) =>
        lane.instance_id === null ? t('system.lanes.shared') : t('system.lanes.instance', { id: lane.instance_id }),
    },
    {
      title: t('system.lanes.user'),
      render: (_, lane) => (lane.user ? t('userRef', { name: lane.user.username, id: lane.user.id }) : '-'),
    },
    { title: t('system.lanes.concurrency'), dataIndex: 'concurrency', align: 'right', width: 110 },
    { title: t('system.lanes.running'), dataIndex: 'running', align: 'right', width: 100 },
    { title: t('system.lanes.queued'), dataIndex: 'queued', align: 'right', width: 100 },
  ];

  return (
    <Card size="small" title={`${worker.host} (${worker.kind})`} {...testId(`admin-system-worker-${worker.id}`)}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'cpus', label: t('system.cpus'), children: worker.cpus },
          {
            key: 'load',
            label: t('system.load'),
            children: worker.load.map((value) => value.toFixed(2)).join(' / '),
          },
          {
            key: 'memory',
            label: t('system.memory'),
            children: (
              <Flex vertical style={{ width: '100%' }}>
                <Progress percent={Math.round(memoryPercent)} size="small" aria-label={t('system.memory')} />
                <span>
                  {t('system.memoryValue', {
                    used: formatSize(used),
                    total: formatSize(worker.memory_total_bytes),
                  })}
                </span>
              </Flex>
            ),
          },
        ]}
      />
      <Table<Lane>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={worker.lanes}
        pagination={false}
        onRow={(lane) => testId(`admin-system-lane-${lane.key}`)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.lanes.empty')} /> }}
        data-testid="admin-system-lanes"
      />
    </Card>
  );
}
