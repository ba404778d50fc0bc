import { DOCKING_JOB_TYPE, type Job, SCREENING_JOB_TYPE } from '@medx/contract';
import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { progressPercent } from './job-status';

/** Job types whose progress counts ligands (a screen: the library's molecules docked or failed). */
const LIGAND_JOBS: readonly string[] = [DOCKING_JOB_TYPE, SCREENING_JOB_TYPE];

/** Live progress of a running job that reports it (docking and screening: ligands done / total). */
export function JobProgress({ job }: { job: Pick<Job, 'progress_done' | 'progress_total' | 'job_type'> }) {
  const { t } = useTranslation('jobs');
  const percent = progressPercent(job);
  if (percent === null) return null;
  const unit = LIGAND_JOBS.includes(job.job_type) ? 'progress.ligands' : 'progress.steps';
  return (
    <div className="medx-job-progress" data-testid="job-progress">
      <Progress percent={percent} size="small" showInfo={false} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(unit, { done: job.progress_done, total: job.progress_total })}
      </Typography.Text>
    </div>
  );
}
