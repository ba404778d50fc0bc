import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Modal, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { closeLicencePopup, useLicencePopup } from '../../lib/licence-popup';
import { SUPPORT_EMAIL } from '../../lib/support';

/**
 * The no-licence reminder (spec §2 Other pages, §6): 'You do not have license to be authorized
 * to use this function', the support contact with its QR image, and a link to /purchase. The
 * app's one popup for a missing licence or quota: mounted once by the shell (AppShell), opened
 * through lib/licence-popup (denied tools and workflows, answers 402), with the server's reason
 * when there is one. It knows no feature: leaving for /purchase unmounts the workspace, whose
 * Tool guide closes with it.
 */
export function NoLicenceModal() {
  const { t } = useTranslation('tools');
  const navigate = useNavigate();
  const { open, detail } = useLicencePopup();
  const close = closeLicencePopup;
  return (
    <Modal
      open={open}
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
            navigate('/purchase');
          }}
          data-testid="no-licence-purchase"
        >
          {t('licence.purchase')}
        </Button>,
      ]}
    >
      <div data-testid="no-licence-modal" style={{ paddingTop: 4 }}>
        <Typography.Paragraph strong>{t('msg:noLicense')}</Typography.Paragraph>
        {detail && (
          <Typography.Paragraph type="secondary" data-testid="no-licence-detail">
            {detail}
          </Typography.Paragraph>
        )}
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
