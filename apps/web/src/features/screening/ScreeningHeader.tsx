import { FileTextOutlined } from '@ant-design/icons';
import { type Job, LIGAND_STATUSES, SCREENING_DEFAULTS, type ScreeningSummary } from '@medx/contract';
import { Button, Progress, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { JobStatusTag } from '../jobs';
import { formatDuration, formatRate, formatScore } from './format';

interface ScreeningHeaderProps {
  jobId: number;
  job: Job | null;
  summary: ScreeningSummary;
  /** Whether ligands are still being docked (throughput and time left mean something then). */
  live: boolean;
  onDetails: () => void;
}

/** Share of the library finished (docked or failed). */
export function finishedPercent(summary: Pick<ScreeningSummary, 'total' | 'counts'>): number {
  if (summary.total <= 0) return 0;
  const finished = summary.counts.DONE + summary.counts.FAILED;
  return Math.min(100, Math.round((finished / summary.total) * 100));
}

function Item({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="medx-screening-stat" data-testid={testId}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong>{value}</Typography.Text>
    </div>
  );
}

/** The screen's name and status, its progress, counts per status, throughput, time left, best score and valid poses. */
export function ScreeningHeader({ jobId, job, summary, live, onDetails }: ScreeningHeaderProps) {
  const { t } = useTranslation('screening');
  const finished = summary.counts.DONE + summary.counts.FAILED;
  const rate = formatRate(summary.per_hour);
  return (
    <div className="medx-screening-header" data-testid="screening-header">
      <Space wrap style={{ marginBottom: 4 }}>
        <Typography.Text strong data-testid="screening-job-name">
          {job?.job_name || t('result.job', { name: SCREENING_DEFAULTS.job_name, id: jobId })}
        </Typography.Text>
        {job && <JobStatusTag status={job.status} />}
        <Button
          size="small"
          type="link"
          icon={<FileTextOutlined />}
          onClick={onDetails}
          data-testid="screening-details"
        >
          {t('result.details')}
        </Button>
      </Space>
      <Progress
        percent={finishedPercent(summary)}
        status={live ? 'active' : undefined}
        format={() => t('result.progress', { done: finished, total: summary.total })}
        aria-label={t('result.progressLabel')}
        data-testid="screening-progress"
      />
      <div className="medx-screening-stats">
        {LIGAND_STATUSES.map((status) => (
          <Item
            key={status}
            label={t(`status.${status}`)}
            value={summary.counts[status].toLocaleString('en-US')}
            testId={`screening-count-${status}`}
          />
        ))}
        <Item
          label={t('result.throughput')}
          value={rate === null ? '-' : t('result.perHour', { rate })}
          testId="screening-throughput"
        />
        {live && (
          <Item label={t('result.timeLeft')} value={formatDuration(t, summary.eta_seconds)} testId="screening-eta" />
        )}
        <Item label={t('result.bestScore')} value={formatScore(summary.best_score)} testId="screening-best" />
        <Item
          label={t('result.valid')}
          value={t('result.validOf', { valid: summary.valid, done: summary.counts.DONE })}
          testId="screening-valid"
        />
      </div>
    </div>
  );
}
