import { EyeOutlined, FileTextOutlined } from '@ant-design/icons';
import { DOCKING_JOB_TYPE, type DockingResultRow } from '@medx/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Space, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { unwrap } from '../../api/client';
import { dockingApi } from '../../api/docking';
import { isActiveJob } from '../../api/jobs';
import { dispatchBrowserEvent } from '../../lib/browser-events';
import { useOptionalViewer } from '../../viewer/ViewerProvider';
import { layoutActions } from '../../workspace/layout/layout-store';
import { useWorkspace } from '../../workspace/workspace-context';
import { JobProgress, JobStatusTag, jobsKey, POLL_MS, useJob } from '../jobs';
import { canShow3d, showDockingPose } from './show-pose';
import './docking.css';

/** Spec §9: result tables show 5 a page. */
export const RESULT_PAGE_SIZE = 5;

/** A score in kcal/mol with the sign and 2 decimals Vina users expect. */
export const formatScore = (score: number | null) => (score === null ? '-' : score.toFixed(2));

/**
 * The Docking Result window (spec §2): Rank, Ligand Name, Score and Action (3D) for the job in
 * ?jobId= (all of the project's docking results without one), 5 a page. While the job runs it
 * shows the ligands done so far and refreshes.
 */
export function DockingResultWindow() {
  const { t } = useTranslation('docking');
  const { message } = App.useApp();
  const { project } = useWorkspace();
  const viewer = useOptionalViewer();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('jobId'));
  const jobId = params.get('jobType') === DOCKING_JOB_TYPE && Number.isInteger(raw) && raw > 0 ? raw : null;
  const [page, setPage] = useState(1);
  const [opening, setOpening] = useState<string | null>(null);
  const job = useJob(jobId);
  const running = job.data ? isActiveJob(job.data) : false;

  const results = useQuery({
    queryKey: [...jobsKey, 'docking-result', project.id, jobId, page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        jobId
          ? await dockingApi.jobResults(jobId, page, RESULT_PAGE_SIZE)
          : await dockingApi.projectResults(project.id, page, RESULT_PAGE_SIZE),
      ),
    refetchInterval: running ? POLL_MS : false,
  });

  const rowKey = (row: DockingResultRow) => `${row.job_id}-${row.ligand_name}-${row.pose ?? 0}-${row.rank ?? 'x'}`;

  const open3d = async (row: DockingResultRow) => {
    if (!viewer) return;
    setOpening(rowKey(row));
    layoutActions.show('medView');
    const shown = await showDockingPose(viewer, row).catch((error: unknown) => {
      console.error(error);
      return false;
    });
    setOpening(null);
    if (!shown) message.error(t('result.open3dFailed'));
    return shown;
  };

  /** The pose in Med View (as 3D), then its 2D interaction diagram (viewer-interactions listens). */
  const open2d = async (row: DockingResultRow) => {
    if (row.file_id === null || !(await open3d(row))) return;
    dispatchBrowserEvent('openInteractionDiagram', { fileId: row.file_id });
  };

  const columns: TableProps<DockingResultRow>['columns'] = [
    { key: 'rank', title: t('result.rank'), width: 64, render: (_v, row) => row.rank ?? '-' },
    {
      key: 'ligand',
      title: t('result.ligandName'),
      ellipsis: true,
      render: (_v, row) =>
        row.status === 'FAILED' ? (
          <Tooltip title={row.error}>
            <Space size={4}>
              <span>{row.ligand_name}</span>
              <Tag color="error">{t('result.failed')}</Tag>
            </Space>
          </Tooltip>
        ) : (
          <span>
            {row.ligand_name}
            {row.pose && row.pose > 1 ? (
              <Typography.Text type="secondary">{` (${t('result.pose', { pose: row.pose })})`}</Typography.Text>
            ) : null}
          </span>
        ),
    },
    { key: 'score', title: t('result.score'), width: 110, render: (_v, row) => formatScore(row.score) },
    {
      key: 'action',
      title: t('result.action'),
      width: 130,
      render: (_v, row) => (
        <Space size={4}>
          <Tooltip title={viewer ? t('result.show3d') : t('result.noViewer')}>
            <Button
              size="small"
              icon={<EyeOutlined />}
              disabled={!viewer || !canShow3d(row)}
              loading={opening === rowKey(row)}
              onClick={() => open3d(row)}
              data-testid={`docking-3d-${row.rank ?? 'x'}`}
            >
              3D
            </Button>
          </Tooltip>
          <Tooltip title={viewer ? t('interactions:diagram.open') : t('result.noViewer')}>
            <Button
              size="small"
              disabled={!viewer || !canShow3d(row)}
              onClick={() => void open2d(row)}
              aria-label={t('interactions:diagram.open')}
              data-testid={`docking-2d-${row.rank ?? 'x'}`}
            >
              2D
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];

  const openDetails = () => {
    if (!job.data) return;
    const status = job.data.status;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('jobStatus', status);
      return next;
    });
  };

  return (
    <div className="medx-docking-result" data-testid="docking-result-window">
      {job.data && (
        <Space wrap style={{ marginBottom: 8 }}>
          <Typography.Text strong>{job.data.job_name || t('result.job', { id: job.data.id })}</Typography.Text>
          <JobStatusTag status={job.data.status} />
          {running && <JobProgress job={job.data} />}
          <Button size="small" icon={<FileTextOutlined />} onClick={openDetails} data-testid="docking-job-details">
            {t('result.details')}
          </Button>
        </Space>
      )}
      {job.data?.status === 'FAILED' && (
        <Alert type="warning" showIcon title={t('jobs:failedWarning')} style={{ marginBottom: 8 }} />
      )}
      <Table<DockingResultRow>
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={results.data?.items ?? []}
        loading={results.isPending}
        locale={{ emptyText: running ? t('result.waiting') : t('result.empty') }}
        onRow={(row) =>
          ({ 'data-testid': `docking-result-row-${row.rank ?? 'x'}` }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={{
          current: page,
          pageSize: RESULT_PAGE_SIZE,
          total: results.data?.total ?? 0,
          showSizeChanger: false,
          size: 'small',
          onChange: setPage,
        }}
      />
    </div>
  );
}
