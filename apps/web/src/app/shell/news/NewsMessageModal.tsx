import type { SystemMessage } from '@medx/contract';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isInAppLink, parseMessageContent } from '../../../api/news';
import { formatTime } from '../../../lib/format-time';

interface NewsMessageModalProps {
  /** Kept while the modal closes so its text does not vanish mid-animation. */
  message: SystemMessage | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * One message in full. Its text is shown as plain text with its line breaks (never as HTML:
 * notices are written by people); a link inside the app gets a button that goes there.
 */
export function NewsMessageModal({ message, open, onClose, afterClose }: NewsMessageModalProps) {
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const { title, content, link } = parseMessageContent(message?.content ?? '');
  const go = isInAppLink(link) ? link : null;

  return (
    <Modal
      open={open}
      title={title || t('untitled')}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      footer={[
        go && (
          <Button
            key="link"
            type="primary"
            data-testid="news-message-link"
            onClick={() => {
              onClose();
              navigate(go);
            }}
          >
            {t('openLink')}
          </Button>
        ),
        <Button key="close" onClick={onClose} data-testid="news-message-close">
          {t('close')}
        </Button>,
      ]}
    >
      {message && (
        <>
          <Typography.Text type="secondary">{formatTime(message.created_at)}</Typography.Text>
          <div className="medx-news-content" data-testid="news-message-content">
            {content}
          </div>
        </>
      )}
    </Modal>
  );
}
