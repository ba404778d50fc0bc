import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { jobsApi } from '../../api/jobs';
import { jobsKey } from './use-jobs';

/** The job's log text (GET /v1/jobs/{id}/comment); empty logs say so (spec §4/§8). */
export function useJobLog(jobId: number | null, poll = false) {
  return useQuery({
    queryKey: [...jobsKey, 'log', jobId],
    enabled: jobId !== null,
    queryFn: async () => {
      const answer = await jobsApi.comment(jobId ?? 0);
      return answer.success && answer.data ? answer.data.comment : '';
    },
    refetchInterval: poll ? 3000 : false,
  });
}

export function JobLogView({ jobId, poll = false }: { jobId: number; poll?: boolean }) {
  const { t } = useTranslation('jobs');
  const log = useJobLog(jobId, poll);
  if (log.isPending) return <Spin />;
  if (!log.data?.trim()) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('msg:noLogContent')} />;
  return (
    <pre className="medx-job-log" data-testid="job-log">
      {log.data}
    </pre>
  );
}

/** The log opened from the Jobs dialog (only with some text: an empty log is an info toast). */
export function JobLogModal({ log, onClose }: { log: { jobId: number; text: string } | null; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  return (
    <Modal
      open={log !== null}
      title={t('log.title', { id: log?.jobId ?? '' })}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {log && (
        <pre className="medx-job-log" data-testid="job-log">
          {log.text}
        </pre>
      )}
    </Modal>
  );
}
