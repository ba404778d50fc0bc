import type { Job } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Space, Table, type TableProps, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { jobsApi } from '../../api/jobs';
import { formatTime } from '../../lib/format-time';
import { layoutActions } from '../../workspace/layout/layout-store';
import { JobLogModal } from './JobLog';
import { JobProgress } from './JobProgress';
import { JobStatusTag } from './JobStatusTag';
import { canCancel, canShow, paramsForShow, showTarget } from './job-status';
import { JOBS_PAGE_SIZE, jobsKey, useJobList } from './use-jobs';
import { WorkflowJobs } from './WorkflowJobs';
import './jobs.css';

interface JobsDialogProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
}

function AllJobs({ projectId, onShown }: { projectId: number; onShown: () => void }) {
  const { t } = useTranslation('jobs');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [log, setLog] = useState<{ jobId: number; text: string } | null>(null);
  const [loadingLog, setLoadingLog] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const list = useJobList(projectId, page);

  const cancel = async (job: Job) => {
    setCancelling(job.id);
    const answer = await jobsApi.cancel(job.id);
    setCancelling(null);
    if (answer.success) message.success(answer.msg || t('msg:cancelSuccessful'));
    await queryClient.invalidateQueries({ queryKey: jobsKey });
  };

  /** Spec §4: the log can always be viewed; an empty one gives an info message. */
  const openLog = async (job: Job) => {
    setLoadingLog(job.id);
    const answer = await jobsApi.comment(job.id);
    setLoadingLog(null);
    if (!answer.success) return;
    const text = answer.data?.comment ?? '';
    if (text.trim()) setLog({ jobId: job.id, text });
    else message.info(t('msg:noLogContent'));
  };

  const show = (job: Job) => {
    setParams((current) => paramsForShow(current, job), { replace: false });
    const target = showTarget(job);
    if (target !== 'jobResult') layoutActions.show(target);
    onShown();
  };

  const columns: TableProps<Job>['columns'] = [
    { key: 'id', title: t('columns.id'), dataIndex: 'id', width: 64 },
    {
      key: 'name',
      title: t('columns.name'),
      ellipsis: true,
      render: (_v, job) => job.job_name || t(`types.${job.job_type}`, { defaultValue: job.job_type }),
    },
    {
      key: 'type',
      title: t('columns.type'),
      width: 120,
      render: (_v, job) => <Tag>{t(`types.${job.job_type}`, { defaultValue: job.job_type })}</Tag>,
    },
    {
      key: 'status',
      title: t('columns.status'),
      width: 150,
      render: (_v, job) => (
        <>
          <JobStatusTag status={job.status} />
          {job.status === 'RUNNING' && <JobProgress job={job} />}
        </>
      ),
    },
    {
      key: 'created',
      title: t('columns.createdAt'),
      width: 200,
      render: (_v, job) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(job.created_at)}</span>,
    },
    {
      key: 'action',
      title: t('columns.action'),
      width: 190,
      render: (_v, job) => (
        <Space size={4}>
          <Button
            size="small"
            type="link"
            loading={loadingLog === job.id}
            onClick={() => openLog(job)}
            data-testid={`job-log-${job.id}`}
          >
            {t('actions.log')}
          </Button>
          <Tooltip title={canShow(job.status) ? undefined : t('actions.showDisabled')}>
            <Button
              size="small"
              type="link"
              disabled={!canShow(job.status)}
              onClick={() => show(job)}
              data-testid={`job-show-${job.id}`}
            >
              {t('actions.show')}
            </Button>
          </Tooltip>
          {canCancel(job.status) && (
            <Button
              size="small"
              type="link"
              danger
              loading={cancelling === job.id}
              onClick={() => cancel(job)}
              data-testid={`job-cancel-${job.id}`}
            >
              {t('actions.cancel')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Table<Job>
        size="small"
        rowKey="id"
        columns={columns}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: t('empty') }}
        onRow={(job) => ({ 'data-testid': `job-row-${job.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: JOBS_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('total', { count }),
          onChange: setPage,
        }}
        scroll={{ x: 760 }}
      />
      <JobLogModal log={log} onClose={() => setLog(null)} />
    </>
  );
}

/** The Jobs dialog (spec §2 Job screens): tabs All and Workflow, 5 rows a page, polled while jobs or workflows run. */
export function JobsDialog({ projectId, open, onClose }: JobsDialogProps) {
  const { t } = useTranslation('jobs');
  return (
    <Modal open={open} title={t('title')} onCancel={onClose} footer={null} width={980} destroyOnHidden>
      <div data-testid="jobs-dialog">
        <Tabs
          items={[
            { key: 'all', label: t('tabs.all'), children: <AllJobs projectId={projectId} onShown={onClose} /> },
            {
              key: 'workflow',
              label: <span data-testid="jobs-tab-workflow">{t('tabs.workflow')}</span>,
              children: <WorkflowJobs projectId={projectId} onShown={onClose} />,
            },
          ]}
        />
      </div>
    </Modal>
  );
}
