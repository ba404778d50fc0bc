import { Descriptions, Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobResultQuery } from './query-values';

/**
 * The Job Result dialog that jobType, jobId and jobStatus open (spec §2). A shell for now: it
 * names the job; output files, log and result table arrive with the job screens.
 */
export function JobResultDialog({ job, onClose }: { job: JobResultQuery | null; onClose: () => void }) {
  const { t } = useTranslation('workspace');
  return (
    <Modal
      open={job !== null}
      title={t('jobResult.title')}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {job && (
        <div data-testid="job-result-dialog">
          <Descriptions
            size="small"
            column={3}
            items={[
              { key: 'type', label: t('jobResult.jobType'), children: job.jobType },
              { key: 'id', label: t('jobResult.jobId'), children: job.jobId },
              { key: 'status', label: t('jobResult.jobStatus'), children: job.jobStatus },
            ]}
          />
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('jobResult.placeholder')} />
        </div>
      )}
    </Modal>
  );
}
