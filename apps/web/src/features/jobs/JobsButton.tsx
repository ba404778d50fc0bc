import { ScheduleOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobsDialog } from './JobsDialog';
import { useRunningCount } from './use-jobs';

/** The header's Jobs button with the running-job counter (spec §4); opens the Jobs dialog. */
export function JobsButton({ projectId }: { projectId: number }) {
  const { t } = useTranslation('jobs');
  const [open, setOpen] = useState(false);
  const count = useRunningCount(projectId);
  const running = count.data ?? 0;
  return (
    <>
      <Tooltip title={t('runningCount', { count: running })}>
        <Badge count={running} size="small" offset={[-4, 4]} data-testid="jobs-running-count">
          <Button type="text" icon={<ScheduleOutlined />} onClick={() => setOpen(true)} data-testid="jobs-button">
            {t('button')}
          </Button>
        </Badge>
      </Tooltip>
      <JobsDialog projectId={projectId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
