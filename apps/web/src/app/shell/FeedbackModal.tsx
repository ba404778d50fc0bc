import { emailField, LIMITS } from '@medx/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { type FeedbackRequest, usersApi } from '../../api/users';
import { testId } from '../../lib/test-id';
import { zodRule } from '../../lib/zod-rule';

interface FeedbackModalProps {
  open: boolean;
  onClose: () => void;
}

/** Spec §5 Feedback: email required and valid, content required, at most 1000 characters with a counter. */
export function FeedbackModal({ open, onClose }: FeedbackModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useCurrentUser();
  const [form] = Form.useForm<FeedbackRequest>();
  const [sending, setSending] = useState(false);

  const submit = async (values: FeedbackRequest) => {
    setSending(true);
    const answer = await usersApi.feedback({ email: values.email.trim(), content: values.content });
    setSending(false);
    if (!answer.success) return; // the client has shown the server's message
    message.success(t('feedback.sent'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('feedback.title')}
      onCancel={onClose}
      okText={t('feedback.submit')}
      okButtonProps={{ htmlType: 'submit', loading: sending, ...testId('feedback-submit') }}
      destroyOnHidden
      modalRender={(node) => (
        <Form
          form={form}
          layout="vertical"
          name="feedback"
          clearOnDestroy
          initialValues={{ email: user?.email ?? '' }}
          onFinish={(values) => void submit(values)}
        >
          {node}
        </Form>
      )}
    >
      <Form.Item name="email" label={t('feedback.email')} required rules={[zodRule(emailField, t)]}>
        <Input type="email" autoComplete="email" placeholder={t('feedback.emailPlaceholder')} autoFocus />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('feedback.content')}
        required
        rules={[
          { required: true, whitespace: true, message: t('feedback.contentRequired') },
          { max: LIMITS.feedbackMax, message: t('msg:textTooLong') },
        ]}
      >
        <Input.TextArea
          rows={6}
          maxLength={LIMITS.feedbackMax}
          showCount
          placeholder={t('feedback.contentPlaceholder')}
          data-testid="feedback-content"
        />
      </Form.Item>
    </Modal>
  );
}
