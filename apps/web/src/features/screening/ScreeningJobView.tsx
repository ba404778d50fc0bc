import { WarningOutlined } from '@ant-design/icons';
import type { ScreeningLigand, ScreeningSummary } from '@medx/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Row, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { unwrap } from '../../api/client';
import { isActiveJob } from '../../api/jobs';
import { screeningApi } from '../../api/screening';
import { useOptionalViewer } from '../../viewer/ViewerProvider';
import { layoutActions } from '../../workspace/layout/layout-store';
import { jobsKey, useJob } from '../jobs';
import { EnrichmentCard } from './EnrichmentCard';
import { ExportBar } from './ExportBar';
import { binFilter, ligandQuery } from './filters';
import { LigandTable } from './LigandTable';
import { ScoreHistogram } from './ScoreHistogram';
import { ScreeningFilters } from './ScreeningFilters';
import { ScreeningHeader } from './ScreeningHeader';
import { showScreeningPose } from './show-screening-pose';
import { useScreeningFilters } from './use-screening-filters';

/** A running screen's summary and table refresh this often. */
export const LIVE_POLL_MS = 2000;

export const screeningKey = (jobId: number) => [...jobsKey, 'screening', jobId] as const;

/** An error's text for the error states (the API client's ApiError carries the server's message). */
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One screen: the header with live progress, the score histogram (a bar filters the table), the
 * enrichment when the library was labelled, the filters, the export and the ligand table.
 */
export function ScreeningJobView({ jobId }: { jobId: number }) {
  const { t } = useTranslation('screening');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const viewer = useOptionalViewer();
  const [, setParams] = useSearchParams();
  const table = useScreeningFilters();
  const [opening, setOpening] = useState<number | null>(null);
  const job = useJob(jobId);

  // The job's own status when known; else whether ligands are still waiting or docking.
  const isLive = (data: ScreeningSummary | undefined) =>
    job.data ? isActiveJob(job.data) : data ? data.counts.PENDING + data.counts.RUNNING > 0 : false;
  const summary = useQuery({
    queryKey: [...screeningKey(jobId), 'summary'],
    // Errors are shown in the window (a toast every 2 s would be noise).
    queryFn: async () => unwrap(await screeningApi.summary(jobId, { silent: true })),
    refetchInterval: (q) => (isLive(q.state.data) ? LIVE_POLL_MS : false),
  });
  const live = isLive(summary.data);

  const query = ligandQuery(table.applied, table.sort, table.page, table.pageSize);
  const ligands = useQuery({
    queryKey: [...screeningKey(jobId), 'ligands', query],
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await screeningApi.ligands(jobId, query, { silent: true })),
    refetchInterval: live ? LIVE_POLL_MS : false,
  });

  // The last refresh may come just before the job ends: read everything once more when it does.
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) void queryClient.invalidateQueries({ queryKey: screeningKey(jobId) });
    wasLive.current = live;
  }, [live, jobId, queryClient]);

  /** The Job Result dialog (files and log), opened as Docking Result does: jobType, jobId and jobStatus. */
  const openDetails = () => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('jobStatus', job.data?.status ?? 'FINISHED');
      return next;
    });
  };

  const open3d = async (ligand: ScreeningLigand) => {
    if (!viewer) return;
    setOpening(ligand.index);
    layoutActions.show('medView');
    const detail = await screeningApi.ligand(jobId, ligand.index);
    const shown =
      detail.success && detail.data
        ? await showScreeningPose(viewer, detail.data, summary.data?.receptor_file_id ?? null).catch(
            (error: unknown) => {
              console.error(error);
              return false;
            },
          )
        : null;
    setOpening(null);
    // null: the detail call failed and the client showed why.
    if (shown === false) message.error(t('result.open3dFailed'));
  };

  if (summary.isPending) {
    return (
      <div className="medx-screening-state" data-testid="screening-loading">
        <Spin />
      </div>
    );
  }
  // A failed refresh keeps what was read before (shown below with a warning); only a first read fails the window.
  if (!summary.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('result.loadFailed')}
        description={errorText(summary.error)}
        action={
          <Button size="small" onClick={() => void summary.refetch()} data-testid="screening-retry">
            {t('result.retry')}
          </Button>
        }
        data-testid="screening-error"
      />
    );
  }

  const data = summary.data;
  const failuresOn = table.applied.status === 'FAILED';
  const emptyText = live && data.counts.DONE + data.counts.FAILED === 0 ? t('table.waiting') : t('table.empty');

  return (
    <>
      <ScreeningHeader jobId={jobId} job={job.data ?? null} summary={data} live={live} onDetails={openDetails} />
      {summary.isError && (
        <Alert
          type="warning"
          showIcon
          title={t('result.refreshFailed', { reason: errorText(summary.error) })}
          style={{ marginBottom: 8 }}
        />
      )}
      {job.data?.status === 'FAILED' && (
        <Alert type="warning" showIcon title={t('jobs:failedWarning')} style={{ marginBottom: 8 }} />
      )}
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col flex="1 1 320px">
          <Card size="small" title={t('histogram.title')} data-testid="screening-histogram-card">
            <ScoreHistogram
              bins={data.histogram}
              filters={table.applied}
              onSelect={(bin) => table.change(binFilter(bin), true)}
            />
          </Card>
        </Col>
        {data.enrichment && (
          <Col flex="1 1 420px">
            <EnrichmentCard enrichment={data.enrichment} />
          </Col>
        )}
      </Row>
      <ScreeningFilters
        filters={table.draft}
        hasActivity={data.has_activity}
        onChange={table.change}
        onReset={table.reset}
      />
      <Space wrap style={{ margin: '8px 0' }}>
        <Button
          size="small"
          danger={failuresOn}
          type={failuresOn ? 'primary' : 'default'}
          icon={<WarningOutlined />}
          aria-pressed={failuresOn}
          onClick={() => table.change({ status: failuresOn ? undefined : 'FAILED' }, true)}
          data-testid="screening-failures"
        >
          {t('result.failures', { count: data.counts.FAILED })}
        </Button>
        <ExportBar jobId={jobId} filters={table.applied} disabled={data.counts.DONE === 0} />
      </Space>
      {ligands.isError && (
        <Alert
          type="error"
          showIcon
          title={errorText(ligands.error)}
          style={{ marginBottom: 8 }}
          data-testid="screening-ligands-error"
        />
      )}
      <LigandTable
        items={ligands.data?.items ?? []}
        total={ligands.data?.total ?? 0}
        loading={ligands.isPending || (ligands.isFetching && ligands.isPlaceholderData)}
        sort={table.sort}
        page={table.page}
        pageSize={table.pageSize}
        onSort={table.setSort}
        onPaginate={table.paginate}
        viewer={viewer !== null}
        opening={opening}
        onOpen3d={(ligand) => void open3d(ligand)}
        emptyText={<span data-testid="screening-table-empty">{emptyText}</span>}
        errorFirst={failuresOn}
      />
    </>
  );
}
