import { DownloadOutlined, ExperimentOutlined, FileTextOutlined } from '@ant-design/icons';
import { type Job, TRANSMOL_DEFAULTS, TRANSMOL_LIMITS, type TransMolResultRow } from '@medx/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Select, Space, Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { unwrap } from '../../api/client';
import { filesApi } from '../../api/files';
import { isActiveJob } from '../../api/jobs';
import { transmolApi } from '../../api/transmol';
import { dispatchBrowserEvent } from '../../lib/browser-events';
import { saveBlob } from '../../lib/save-file';
import { layoutActions } from '../../workspace/layout/layout-store';
import { useWorkspace } from '../../workspace/workspace-context';
import { JobProgress, JobStatusTag, jobsKey, useJob } from '../jobs';
import { transmolJobFromParams, withTransMolJob } from './result-address';
import { resultColumns } from './result-columns';
import { canDock, DEFAULT_SORT, RESULT_PAGE_SIZE, sortFromTable, type TransMolSort } from './result-rules';
import { useTransMolJobs } from './use-transmol-jobs';
import './transmol.css';

const jobLabel = (t: TFunction, job: Pick<Job, 'id' | 'job_name'>) =>
  t('transmol:result.jobOption', { name: job.job_name || TRANSMOL_DEFAULTS.job_name, id: job.id });

/**
 * The TransMol Result window (spec §2 "TransMol result: SMILES results table"): the molecules of
 * the job in ?jobId= (the latest finished TransMol job without one), 5 a page, sorted on the
 * server; exports, Open in 2D editor, and Dock selected (a prepared ligand file handed to the
 * Docking wizard). The job list is polled while a TransMol job runs, so a job that finishes
 * refreshes the table.
 */
export function TransMolResultWindow() {
  const { t } = useTranslation('transmol');
  const [params, setParams] = useSearchParams();
  const { project } = useWorkspace();
  const chosenId = transmolJobFromParams(params);
  const jobs = useTransMolJobs(project.id);
  const latestFinished = jobs.data?.find((job) => job.status === 'FINISHED')?.id ?? null;
  const chosen = useJob(chosenId);

  const choose = (jobId: number) => setParams((current) => withTransMolJob(current, jobId), { replace: false });
  const list = jobs.data ?? [];

  return (
    <div className="medx-transmol-result" data-testid="transmol-result-window">
      {list.length > 1 && (
        <Space style={{ marginBottom: 8 }}>
          <Typography.Text>{t('result.job')}</Typography.Text>
          <Select<number>
            value={chosenId ?? latestFinished ?? undefined}
            placeholder={t('result.latest')}
            onChange={choose}
            options={list.map((job) => ({ value: job.id, label: jobLabel(t, job) }))}
            style={{ minWidth: 240 }}
            aria-label={t('result.job')}
            data-testid="transmol-job-select"
          />
        </Space>
      )}
      {/* Keyed by the job: paging, sort and selection start afresh for another job. */}
      <JobResults
        key={chosenId ?? `latest-${latestFinished}`}
        projectId={project.id}
        jobId={chosenId}
        job={chosenId ? (chosen.data ?? null) : null}
        jobs={list}
        ready={chosenId ? chosen.data?.status === 'FINISHED' : !jobs.isPending}
      />
    </div>
  );
}

interface JobResultsProps {
  projectId: number;
  /** The chosen job, or null for the latest finished one. */
  jobId: number | null;
  job: Job | null;
  /** The project's TransMol jobs (the latest finished one is shown by its row there). */
  jobs: readonly Job[];
  /** Whether there are results to ask for (the chosen job finished, or the job list is known). */
  ready: boolean;
}

function JobResults({ projectId, jobId, job: chosenJob, jobs, ready }: JobResultsProps) {
  const { t } = useTranslation('transmol');
  const { message } = App.useApp();
  const { readOnly, refresh } = useWorkspace();
  const [, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<TransMolSort>(DEFAULT_SORT);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  const results = useQuery({
    queryKey: [...jobsKey, 'transmol-result', projectId, jobId, page, sort.sort, sort.order],
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await transmolApi.results(projectId, {
          job_id: jobId,
          page,
          limit: RESULT_PAGE_SIZE,
          sort: sort.sort,
          order: sort.order,
        }),
      ),
  });
  const data = ready ? results.data : undefined;
  const shownJobId = data?.job_id ?? null;
  const job = chosenJob ?? jobs.find((j) => j.id === shownJobId) ?? null;
  const running = job ? isActiveJob(job) : false;

  const open2d = (row: TransMolResultRow) => {
    layoutActions.show('workspace2d');
    dispatchBrowserEvent('openIn2dEditor', { smiles: row.smiles });
  };

  const exportFile = async (fileId: number | null | undefined, kind: 'sdf' | 'csv') => {
    if (!fileId) return;
    setBusy(kind);
    const [info, blob] = await Promise.all([filesApi.get(fileId), filesApi.download(fileId)]);
    setBusy(null);
    if (blob.success && blob.data) saveBlob(blob.data, info.data?.name ?? `transmol_${shownJobId}.${kind}`);
  };

  const dock = async () => {
    if (!shownJobId || !canDock(selected.length)) return;
    setBusy('dock');
    const answer = await transmolApi.ligands(
      shownJobId,
      [...selected].sort((a, b) => a - b),
    );
    setBusy(null);
    if (!answer.success || !answer.data) return; // the client showed the server's message
    message.success(t('result.docked', { name: answer.data.name }));
    await refresh();
    dispatchBrowserEvent('openDockingWizard', { ligandIds: [answer.data.file_id] });
  };

  /** The Job Result dialog (files and log), opened as Docking Result does: jobType, jobId and jobStatus. */
  const openDetails = () => {
    if (!shownJobId) return;
    setParams((current) => {
      const next = withTransMolJob(current, shownJobId);
      next.set('jobStatus', job?.status ?? 'FINISHED');
      return next;
    });
  };

  const failed = job && (job.status === 'FAILED' || job.status === 'STOPPED');
  const emptyText = running ? t('result.waiting') : t('result.empty');

  return (
    <>
      {job && (
        <Space wrap style={{ marginBottom: 8 }}>
          <Typography.Text strong>{jobLabel(t, job)}</Typography.Text>
          <JobStatusTag status={job.status} />
          {running && <JobProgress job={job} />}
        </Space>
      )}
      {failed && (
        <Alert
          type="warning"
          showIcon
          title={t('result.failed', { reason: job.error ?? job.status })}
          style={{ marginBottom: 8 }}
          data-testid="transmol-result-failed"
        />
      )}
      {data?.seeds && (
        <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="transmol-result-seeds">
          {`${t('result.seeds')}: `}
          <Typography.Text code>{data.seeds[0]}</Typography.Text>
          {' → '}
          <Typography.Text code>{data.seeds[1]}</Typography.Text>
        </Typography.Paragraph>
      )}
      <Space wrap style={{ marginBottom: 8 }}>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={!data?.sdf_file_id}
          loading={busy === 'sdf'}
          onClick={() => void exportFile(data?.sdf_file_id, 'sdf')}
          data-testid="transmol-export-sdf"
        >
          {t('result.exportSdf')}
        </Button>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={!data?.csv_file_id}
          loading={busy === 'csv'}
          onClick={() => void exportFile(data?.csv_file_id, 'csv')}
          data-testid="transmol-export-csv"
        >
          {t('result.exportCsv')}
        </Button>
        <Button
          size="small"
          type="primary"
          icon={<ExperimentOutlined />}
          disabled={readOnly || !shownJobId || !canDock(selected.length)}
          loading={busy === 'dock'}
          onClick={() => void dock()}
          data-testid="transmol-dock"
        >
          {t('result.dock')}
        </Button>
        <Typography.Text type="secondary" data-testid="transmol-selected">
          {selected.length > 0
            ? t('result.selected', { count: selected.length })
            : t('result.dockHint', { max: TRANSMOL_LIMITS.dockMax })}
        </Typography.Text>
        {shownJobId && (
          <Button
            size="small"
            type="link"
            icon={<FileTextOutlined />}
            onClick={openDetails}
            data-testid="transmol-job-details"
          >
            {t('result.details')}
          </Button>
        )}
      </Space>
      <Table<TransMolResultRow>
        size="small"
        rowKey="rank"
        columns={resultColumns({ t, sort, onOpen2d: open2d })}
        dataSource={data?.items ?? []}
        loading={(ready && (results.isPending || results.isPlaceholderData)) || (jobId !== null && !chosenJob)}
        locale={{ emptyText: <span data-testid="transmol-result-empty">{emptyText}</span> }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        onRow={(row) => ({ 'data-testid': `transmol-result-row-${row.rank}` }) as React.HTMLAttributes<HTMLElement>}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort' || Array.isArray(sorter)) return;
          setSort(sortFromTable(sorter.columnKey, sorter.order));
          setPage(1);
        }}
        pagination={{
          current: page,
          pageSize: RESULT_PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          size: 'small',
          onChange: setPage,
        }}
        scroll={{ x: 1500 }}
      />
      <div className="medx-transmol-result-notes" data-testid="transmol-result-notes">
        <Typography.Paragraph type="secondary">{t('result.notes.sa')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('result.notes.similarity')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('result.notes.lipinski')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('result.notes.syba')}</Typography.Paragraph>
      </div>
    </>
  );
}
