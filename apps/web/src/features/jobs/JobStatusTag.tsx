import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { jobStatusLabel, STATUS_COLORS } from './job-status';

export function JobStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('jobs');
  const label = jobStatusLabel(status);
  return (
    <Tag color={STATUS_COLORS[label]} data-testid="job-status">
      {t(`status.${label}`)}
    </Tag>
  );
}
