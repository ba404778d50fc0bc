import type { QuotaUsage } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { quotasApi } from '../../api/quotas';

export const quotaKey = ['quotas', 'mine'] as const;

/** 1536 → '1.5 KB', 209715200 → '200 MB': the server's units (binary, as the MB of its settings). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
  return `${shown} ${units[unit]}`;
}

const percent = (used: number, limit: number) => (limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0);

/** The bar turns red once the storage is full (nothing more can be stored). */
const status = (used: number, limit: number) => (used >= limit ? 'exception' : 'normal');

/** The User Center's quota card (GET /v1/quotas): storage with a progress bar, projects and running jobs. */
export function QuotaCard({ guest }: { guest: boolean }) {
  const { t } = useTranslation('quotas');
  const query = useQuery({ queryKey: quotaKey, queryFn: async () => unwrap(await quotasApi.mine()), staleTime: 0 });

  return (
    <Card title={t('title')} data-testid="quota-card">
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : query.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t('loadFailed')}
          action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <QuotaFigures quota={query.data} guest={guest} />
      )}
    </Card>
  );
}

function QuotaFigures({ quota, guest }: { quota: QuotaUsage; guest: boolean }) {
  const { t } = useTranslation('quotas');
  const over = quota.storage_used > quota.storage_limit;
  return (
    <>
      <Typography.Text strong>{t('storage')}</Typography.Text>
      <Progress
        data-testid="quota-storage"
        percent={percent(quota.storage_used, quota.storage_limit)}
        status={status(quota.storage_used, quota.storage_limit)}
        format={() => t('usedOf', { used: formatBytes(quota.storage_used), limit: formatBytes(quota.storage_limit) })}
        style={{ marginBottom: 4 }}
      />
      {quota.storage_reserved > 0 && (
        <Typography.Paragraph type="secondary" data-testid="quota-reserved" style={{ marginBottom: 4 }}>
          {t('reserved', { reserved: formatBytes(quota.storage_reserved) })}
        </Typography.Paragraph>
      )}
      {over && (
        <Alert data-testid="quota-over" type="error" showIcon title={t('overQuota')} style={{ marginBottom: 8 }} />
      )}
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} md={12}>
          <Statistic
            data-testid="quota-projects"
            title={t('projects')}
            value={quota.projects}
            suffix={`/ ${quota.projects_limit}`}
          />
        </Col>
        <Col xs={24} md={12}>
          <Statistic
            data-testid="quota-jobs"
            title={t('jobs')}
            value={quota.jobs_running}
            suffix={`/ ${quota.jobs_limit}`}
          />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {guest ? t('guestNote') : t('registeredNote')}
      </Typography.Paragraph>
    </>
  );
}
