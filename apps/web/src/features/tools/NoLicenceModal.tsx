import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Modal, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SUPPORT_EMAIL } from '../../lib/support';
import { toolUi, useToolUi } from './tool-ui';

/**
 * The no-licence reminder (spec §2 Other pages, §6): 'You do not have license to be authorized
 * to use this function', the support contact with its QR image, and a link to /purchase.
 */
export function NoLicenceModal() {
  const { t } = useTranslation('tools');
  const navigate = useNavigate();
  const { noLicenceOpen } = useToolUi();
  const close = toolUi.closeNoLicence;
  return (
    <Modal
      open={noLicenceOpen}
      title={
        <Space>
          <LockOutlined />
          {t('licence.title')}
        </Space>
      }
      onCancel={close}
      width={420}
      centered
      zIndex={1200}
      footer={[
        <Button key="close" onClick={close} data-testid="no-licence-close">
          {t('licence.close')}
        </Button>,
        <Button
          key="purchase"
          type="primary"
          onClick={() => {
            close();
            toolUi.closeGuide();
            navigate('/purchase');
          }}
          data-testid="no-licence-purchase"
        >
          {t('licence.purchase')}
        </Button>,
      ]}
    >
      <div className="medx-no-licence" data-testid="no-licence-modal">
        <Typography.Paragraph strong>{t('msg:noLicense')}</Typography.Paragraph>
        <Space align="start" size={16}>
          <QRCode value={`mailto:${SUPPORT_EMAIL}`} size={112} type="svg" bordered={false} />
          <Space orientation="vertical" size={4}>
            <Typography.Text type="secondary">{t('licence.contact')}</Typography.Text>
            <Typography.Link href={`mailto:${SUPPORT_EMAIL}`} data-testid="no-licence-contact">
              <MailOutlined /> {SUPPORT_EMAIL}
            </Typography.Link>
            <Typography.Text type="secondary">{t('licence.scan')}</Typography.Text>
          </Space>
        </Space>
      </div>
    </Modal>
  );
}
