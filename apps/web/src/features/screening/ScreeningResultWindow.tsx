import { SCREENING_DEFAULTS } from '@medx/contract';
import { Empty, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWorkspace } from '../../workspace/workspace-context';
import { withScreeningJob } from '../docking';
import { screeningJobFromParams } from './result-address';
import { ScreeningJobView } from './ScreeningJobView';
import { useScreeningJobs } from './use-screening-jobs';
import './screening.css';

/**
 * The Screening Result window (virtual screening, docs/decisions.md "Screening"): the screen in
 * ?jobType=SCREENING&jobId=, chosen by the Docking wizard's submit, the Jobs dialog's Show or the
 * picker here (the project's screens); without one, the picker and an empty state.
 */
export function ScreeningResultWindow() {
  const { t } = useTranslation('screening');
  const { project } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const jobId = screeningJobFromParams(params);
  const jobs = useScreeningJobs(project.id);
  const list = jobs.data ?? [];
  const choose = (id: number) => setParams((current) => withScreeningJob(current, id), { replace: false });
  // The address may name a screen older than the newest 100: it stays choosable.
  const options = list.map((job) => ({
    value: job.id,
    label: t('result.job', { name: job.job_name || SCREENING_DEFAULTS.job_name, id: job.id }),
  }));
  if (jobId !== null && !list.some((job) => job.id === jobId)) {
    options.unshift({ value: jobId, label: t('result.job', { name: SCREENING_DEFAULTS.job_name, id: jobId }) });
  }

  return (
    <div className="medx-screening-result" data-testid="screening-result-window">
      {options.length > (jobId === null ? 0 : 1) && (
        <Space style={{ marginBottom: 8 }}>
          <Typography.Text>{t('result.pick')}</Typography.Text>
          <Select<number>
            value={jobId ?? undefined}
            placeholder={t('result.pickPlaceholder')}
            onChange={choose}
            options={options}
            style={{ minWidth: 240 }}
            aria-label={t('result.pick')}
            data-testid="screening-job-select"
          />
        </Space>
      )}
      {jobId !== null ? (
        // Keyed by the job: filters, sort and page start afresh for another screen.
        <ScreeningJobView key={jobId} jobId={jobId} />
      ) : (
        <Empty
          description={
            <span data-testid="screening-no-job">
              {jobs.isPending ? t('result.loadingJobs') : list.length ? t('result.choose') : t('result.noJobs')}
            </span>
          }
        />
      )}
    </div>
  );
}
