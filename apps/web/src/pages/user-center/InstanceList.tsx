import type { Instance } from '@medx/contract';
import { App, Button, Card, Empty, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingApi, isActivating, useInvalidateBilling } from '../../api/billing';
import { formatTime } from '../../lib/format-time';
import { formatFen } from '../../lib/money';
import { testId } from '../../lib/test-id';
import { InstanceStatusTag, useBillingLabels } from '../billing/billing-labels';

/** Activating and running instances can be stopped; failed and expired ones have ended. */
const canStop = (instance: Instance) => isActivating(instance) || instance.status === 'running';

/** The live instances of the "Balance and compute" card, each with its Stop (behind a confirmation). */
export function InstanceList({ instances }: { instances: Instance[] }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const invalidate = useInvalidateBilling();
  const labels = useBillingLabels();
  const [stopping, setStopping] = useState<Instance | null>(null);
  const [busy, setBusy] = useState(false);

  const stop = async (instance: Instance) => {
    setBusy(true);
    const answer = await billingApi.stopInstance(instance.id);
    setBusy(false);
    setStopping(null);
    if (answer.success) message.success(t('msg:instanceStopped'));
    // Also after a failure (it may have ended meanwhile): show what the server has now.
    await invalidate();
  };

  if (instances.length === 0) {
    return (
      <Empty
        data-testid="uc-instances-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('account.noInstances')}
      />
    );
  }
  return (
    <>
      <Flex vertical gap={8} data-testid="uc-instances">
        {instances.map((instance) => (
          <InstanceRow key={instance.id} instance={instance} onStop={() => setStopping(instance)} />
        ))}
      </Flex>
      {/* A modal, not a hover pop-up: stopping is immediate and cannot be undone. */}
      <Modal
        open={stopping !== null}
        title={stopping ? t('instance.stopTitle', { level: labels.level(stopping.level) }) : null}
        okText={t('instance.stopOk')}
        cancelText={t('instance.cancel')}
        okButtonProps={{ ...testId('uc-instance-stop-confirm'), danger: true, loading: busy }}
        cancelButtonProps={testId('uc-instance-stop-cancel')}
        onOk={() => stopping && void stop(stopping)}
        onCancel={() => !busy && setStopping(null)}
        destroyOnHidden
      >
        <Typography.Paragraph data-testid="uc-instance-stop-text">{t('instance.stopConfirm')}</Typography.Paragraph>
      </Modal>
    </>
  );
}

function InstanceRow({ instance, onStop }: { instance: Instance; onStop: () => void }) {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  const term =
    instance.pay_type === 'prePaid' && instance.expires_at
      ? t('instance.expires', { time: formatTime(instance.expires_at) })
      : instance.pay_type === 'postPaid'
        ? `${t('instance.payAsYouGo')} · ${t('instance.price', { price: formatFen(instance.price_fen) })}`
        : null;
  return (
    <Card size="small" data-testid={`uc-instance-${instance.id}`}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical gap={2}>
          <Typography.Text strong>
            {labels.level(instance.level)} · {labels.payType(instance.pay_type)}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('instance.spec', {
              cores: instance.cores,
              memory: instance.memory_gb,
              jobs: instance.concurrent_jobs,
            })}
          </Typography.Text>
          {term && <Typography.Text type="secondary">{term}</Typography.Text>}
          <Typography.Text type="secondary" data-testid={`uc-instance-jobs-${instance.id}`}>
            {t('instance.jobs', { running: instance.jobs_running, total: instance.jobs_total })}
          </Typography.Text>
        </Flex>
        <Flex gap={8} align="center">
          <InstanceStatusTag status={instance.status} testId={`uc-instance-status-${instance.id}`} />
          {canStop(instance) && (
            <Button danger size="small" data-testid={`uc-instance-stop-${instance.id}`} onClick={onStop}>
              {t('instance.stop')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
