import type { WorkflowInvocationStep, WorkflowJob } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Progress, Space, Spin, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { workflowsApi } from '../../api/workflows';
import { formatTime } from '../../lib/format-time';
import { testId } from '../../lib/test-id';
import { layoutActions } from '../../workspace/layout/layout-store';
import { JobStatusTag } from './JobStatusTag';
import { canShow, paramsForShow, showTarget, workflowStateLabel } from './job-status';
import { JOBS_PAGE_SIZE, jobsKey, useWorkflowInvocation, useWorkflowJobs } from './use-jobs';
import {
  isActiveWorkflow,
  STEP_STATE_COLORS,
  stepStateLabel,
  stepsPercent,
  WORKFLOW_STATE_COLORS,
} from './workflow-state';

type StepJob = WorkflowInvocationStep['jobs'][number];

/** The progress bar follows the state: moving while New, green when Scheduled, red when Failed, amber when Stopped. */
const PROGRESS_STATUS = { new: 'active', scheduled: 'success', stopped: 'normal', failed: 'exception' } as const;
const STOPPED_COLOR = '#faad14';

/** A workflow job's state (spec §4): New (processing), Scheduled (success), Stopped, Failed. */
export function WorkflowStateTag({ state }: { state: string }) {
  const { t } = useTranslation('jobs');
  const label = workflowStateLabel(state);
  return (
    <Tag color={WORKFLOW_STATE_COLORS[label]} data-testid="workflow-job-state">
      {t(`workflowState.${label}`)}
    </Tag>
  );
}

/**
 * The Jobs dialog's Workflow tab (spec §2, §4): the project's workflow jobs, 5 a page, each
 * with its state, its steps over / all steps, Cancel while it runs (NEW), Rerun, and its steps
 * when expanded (Details): each step's state, its jobs (a job opens its result as in the All tab:
 * docking jobs the Docking Result window, others the Job Result dialog) and its error. The list
 * and the expanded jobs refresh while a workflow runs.
 */
export function WorkflowJobs({ projectId, onShown }: { projectId: number; onShown: () => void }) {
  const { t } = useTranslation('jobs');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [busy, setBusy] = useState<{ id: number; action: 'cancel' | 'rerun' } | null>(null);
  const list = useWorkflowJobs(projectId, page);

  const toggle = (id: number) =>
    setExpanded((keys) => (keys.includes(id) ? keys.filter((key) => key !== id) : [...keys, id]));

  const cancel = async (job: WorkflowJob) => {
    setBusy({ id: job.id, action: 'cancel' });
    const answer = await workflowsApi.cancel(job.id);
    setBusy(null);
    if (answer.success) message.success(answer.msg || t('msg:cancelSuccessful'));
    await queryClient.invalidateQueries({ queryKey: jobsKey });
  };

  const rerun = async (job: WorkflowJob) => {
    setBusy({ id: job.id, action: 'rerun' });
    const answer = await workflowsApi.rerun(job.id);
    setBusy(null);
    if (answer.success) {
      message.success(answer.msg || t('workflows:wizard.submitSuccessful'));
      setPage(1);
    }
    await queryClient.invalidateQueries({ queryKey: jobsKey });
  };

  const columns: TableProps<WorkflowJob>['columns'] = [
    { key: 'id', title: t('columns.id'), dataIndex: 'id', width: 56 },
    {
      key: 'name',
      title: t('columns.name'),
      ellipsis: true,
      render: (_v, job) => (
        <span title={job.workflow_name}>
          {job.job_name || job.workflow_name}
          {job.job_name && job.job_name !== job.workflow_name && (
            <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6 }}>
              {job.workflow_name}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('columns.status'),
      width: 100,
      render: (_v, job) => <WorkflowStateTag state={job.state} />,
    },
    {
      key: 'progress',
      title: t('workflows:jobs.progress'),
      width: 120,
      render: (_v, job) => (
        <div className="medx-job-progress" data-testid="workflow-job-progress">
          <Progress
            percent={stepsPercent(job)}
            size="small"
            showInfo={false}
            status={PROGRESS_STATUS[workflowStateLabel(job.state)]}
            strokeColor={workflowStateLabel(job.state) === 'stopped' ? STOPPED_COLOR : undefined}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('workflows:jobs.steps', { done: job.steps_done, total: job.steps_total })}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'created',
      title: t('columns.createdAt'),
      width: 215,
      render: (_v, job) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(job.created_at)}</span>,
    },
    {
      key: 'action',
      title: t('columns.action'),
      width: 210,
      render: (_v, job) => (
        <Space size={4}>
          <Button
            size="small"
            type="link"
            onClick={() => toggle(job.id)}
            aria-expanded={expanded.includes(job.id)}
            data-testid={`workflow-job-details-${job.id}`}
          >
            {expanded.includes(job.id) ? t('workflows:jobs.hideDetails') : t('workflows:jobs.details')}
          </Button>
          {isActiveWorkflow(job) && (
            <Button
              size="small"
              type="link"
              danger
              loading={busy?.id === job.id && busy.action === 'cancel'}
              onClick={() => cancel(job)}
              data-testid={`workflow-job-cancel-${job.id}`}
            >
              {t('actions.cancel')}
            </Button>
          )}
          <Button
            size="small"
            type="link"
            loading={busy?.id === job.id && busy.action === 'rerun'}
            onClick={() => rerun(job)}
            data-testid={`workflow-job-rerun-${job.id}`}
          >
            {t('workflows:jobs.rerun')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<WorkflowJob>
      size="small"
      rowKey="id"
      loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
      dataSource={list.data?.items ?? []}
      locale={{ emptyText: t('emptyWorkflow') }}
      columns={columns}
      onRow={(job) => testId(`workflow-job-row-${job.id}`) as React.HTMLAttributes<HTMLElement>}
      expandable={{
        expandedRowKeys: expanded,
        onExpand: (_open, job) => toggle(job.id),
        expandedRowRender: (job) => <InvocationSteps id={job.id} onShown={onShown} />,
      }}
      pagination={{
        current: page,
        pageSize: JOBS_PAGE_SIZE,
        total: list.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (count) => t('total', { count }),
        onChange: (next) => {
          setPage(next);
          setExpanded([]);
        },
      }}
      scroll={{ x: 760 }}
    />
  );
}

/** An invocation's steps: state, jobs (each opens its result) and error. */
function InvocationSteps({ id, onShown }: { id: number; onShown: () => void }) {
  const { t } = useTranslation('jobs');
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const invocation = useWorkflowInvocation(id);

  /**
   * As the All tab's Show (spec §2): finished docking and TransMol jobs open their result
   * window (?jobType=&jobId=), others the Job Result dialog (jobType, jobId, jobStatus).
   * The slot changes first: leaving the workflow window makes the workspace page drop
   * ?workflow= from the address it last rendered (the address updates in a transition), so
   * the job's values follow a moment later, set on the address as it then is.
   */
  const show = (job: StepJob) => {
    onShown();
    const target = showTarget(job);
    if (target === 'jobResult') {
      setParams((current) => paramsForShow(current, job), { replace: false });
      return;
    }
    layoutActions.show(target);
    window.setTimeout(() => {
      const next = paramsForShow(new URLSearchParams(window.location.search), job);
      next.delete('workflow');
      next.delete('tool');
      navigate({ search: `?${next}` });
    }, 0);
  };

  if (invocation.isPending) return <Spin size="small" />;
  const data = invocation.data;
  if (!data) return <Typography.Text type="secondary">{t('workflows:jobs.loadFailed')}</Typography.Text>;

  const columns: TableProps<WorkflowInvocationStep>['columns'] = [
    {
      key: 'step',
      title: t('workflows:jobs.step'),
      width: 180,
      render: (_v, step) => (
        <span title={step.tool_id ?? undefined}>
          {step.label}
          {step.type !== 'tool' && (
            <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6 }}>
              {t('workflows:jobs.input')}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('workflows:jobs.state'),
      width: 100,
      render: (_v, step) => {
        const label = stepStateLabel(step.state);
        return (
          <Tag color={STEP_STATE_COLORS[label]} data-testid="workflow-step-state">
            {t(`workflows:stepState.${label}`)}
          </Tag>
        );
      },
    },
    {
      key: 'jobs',
      title: t('workflows:jobs.jobs'),
      render: (_v, step) =>
        step.jobs.length === 0 ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {step.jobs.map((job) => (
              <span key={job.id} className="medx-workflow-step-job">
                <Tooltip title={canShow(job.status) ? t('workflows:jobs.open') : t('workflows:jobs.openDisabled')}>
                  <Button
                    size="small"
                    disabled={!canShow(job.status)}
                    onClick={() => show(job)}
                    data-testid={`workflow-step-job-${job.id}`}
                    data-job-type={job.job_type}
                  >
                    #{job.id}{' '}
                    {t(`types.${job.job_type}`, {
                      defaultValue: t(`workflows:jobTypes.${job.job_type}`, { defaultValue: job.job_type }),
                    })}
                  </Button>
                </Tooltip>
                <JobStatusTag status={job.status} />
              </span>
            ))}
          </Space>
        ),
    },
    {
      key: 'error',
      title: t('workflows:jobs.error'),
      ellipsis: true,
      render: (_v, step) =>
        step.error ? (
          <Typography.Text type="danger" title={step.error}>
            {step.error}
          </Typography.Text>
        ) : null,
    },
  ];

  return (
    <div className="medx-workflow-invocation" data-testid={`workflow-invocation-${id}`}>
      {data.error && (
        <Alert
          type="error"
          showIcon
          title={data.error}
          style={{ marginBottom: 8 }}
          data-testid="workflow-invocation-error"
        />
      )}
      <Table<WorkflowInvocationStep>
        size="small"
        rowKey="step_id"
        columns={columns}
        dataSource={data.steps}
        pagination={false}
        onRow={(step) => testId(`workflow-step-row-${step.step_id}`) as React.HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
