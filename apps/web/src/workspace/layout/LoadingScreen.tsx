import { Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { progressAt } from './loading-curve';

/**
 * The workspace's loading screen (spec §2): a progress bar driven by time, not by bytes
 * (`progressAt`), and on a first visit the welcome message that warns it may be slow.
 */
export function LoadingScreen({ firstVisit }: { firstVisit: boolean }) {
  const { t } = useTranslation('workspace');
  const [start] = useState(() => Date.now());
  const [percent, setPercent] = useState(0);

  useEffect(() => {
    const timer = window.setInterval(() => setPercent(Math.floor(progressAt(Date.now() - start))), 200);
    return () => window.clearInterval(timer);
  }, [start]);

  return (
    <div className="medx-loading" data-testid="workspace-loading" role="status">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('loading.title')}
      </Typography.Title>
      <Progress
        percent={percent}
        status="active"
        style={{ width: 360, maxWidth: '80vw' }}
        aria-label={t('loading.progress')}
        data-testid="workspace-loading-progress"
      />
      {firstVisit && (
        <Typography.Paragraph type="secondary" style={{ maxWidth: 420 }} data-testid="workspace-welcome">
          {t('loading.welcome')}
        </Typography.Paragraph>
      )}
    </div>
  );
}
