import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TermsModalProps {
  open: boolean;
  onClose: () => void;
  /** Agree: ticks the terms checkbox. */
  onAccept: () => void;
}

/** The purchase terms (spec §5): what is refunded, what is charged, and what happens to running jobs. */
export function TermsModal({ open, onClose, onAccept }: TermsModalProps) {
  const { t } = useTranslation('billing');
  return (
    <Modal
      open={open}
      title={t('purchase.termsTitle')}
      onCancel={onClose}
      footer={[
        <Button key="close" data-testid="purchase-terms-close" onClick={onClose}>
          {t('purchase.termsClose')}
        </Button>,
        <Button key="accept" type="primary" data-testid="purchase-terms-accept" onClick={onAccept}>
          {t('purchase.termsAccept')}
        </Button>,
      ]}
    >
      <div data-testid="purchase-terms-text">
        <Typography.Paragraph>{t('purchase.termsPrepaid')}</Typography.Paragraph>
        <Typography.Paragraph>{t('purchase.termsPostpaid')}</Typography.Paragraph>
        <Typography.Paragraph>{t('purchase.termsShared')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
