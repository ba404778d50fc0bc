import { type AdminMessage, AdminMessageInput, NEWS_LIMITS, PUBLISHED_TYPES, type PublishedType } from '@medx/contract';
import { App, Button, Col, Form, Input, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminMessagesApi } from '../../../api/news';
import { zodRule } from '../../../lib/zod-rule';
import { useRefreshAdminMessages } from './use-admin-messages';

interface MessageFormModalProps {
  open: boolean;
  /** The draft to edit; null writes a new message. */
  editing: AdminMessage | null;
  onClose: () => void;
}

const EMPTY: AdminMessageInput = { type: 'NOTICE', title_en: '', title_zh: '', content_en: '', content_zh: '' };

const fieldsOf = (message: AdminMessage | null): AdminMessageInput =>
  message
    ? {
        type: message.type,
        title_en: message.title_en,
        title_zh: message.title_zh,
        content_en: message.content_en,
        content_zh: message.content_zh,
      }
    : EMPTY;

/**
 * New message / edit draft: the type and both languages' title and text, checked with the
 * contract's schema as the server checks them. "Publish" saves, then publishes.
 */
export function MessageFormModal({ open, editing, onClose }: MessageFormModalProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const refresh = useRefreshAdminMessages();
  const [form] = Form.useForm<AdminMessageInput>();
  const [busy, setBusy] = useState<'draft' | 'publish' | null>(null);
  // The draft saved so far: when publishing fails after the save, trying again updates that
  // draft instead of writing a second one.
  const [draft, setDraft] = useState<AdminMessage | null>(editing);

  const save = async (publish: boolean) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    // The schema's output: the trimmed texts the server would store.
    const body = AdminMessageInput.parse(values);
    setBusy(publish ? 'publish' : 'draft');
    const saved = draft ? await adminMessagesApi.update(draft.id, body) : await adminMessagesApi.create(body);
    if (!saved.success) {
      setBusy(null);
      return;
    }
    setDraft(saved.data);
    if (!publish) {
      setBusy(null);
      message.success(saved.msg || t('msg:messageSaved'));
      await refresh();
      onClose();
      return;
    }
    const published = await adminMessagesApi.publish(saved.data.id);
    setBusy(null);
    // The draft is there either way; only a publish that went through closes the form.
    await refresh();
    if (!published.success) return;
    message.success(published.msg || t('msg:messagePublished'));
    onClose();
  };

  const text = (name: 'title_en' | 'title_zh', label: string) => (
    <Form.Item name={name} label={label} required rules={[zodRule(AdminMessageInput.shape[name], t)]}>
      <Input maxLength={NEWS_LIMITS.titleMax} showCount data-testid={`admin-message-${name}`} />
    </Form.Item>
  );
  const body = (name: 'content_en' | 'content_zh', label: string) => (
    <Form.Item name={name} label={label} required rules={[zodRule(AdminMessageInput.shape[name], t)]}>
      <Input.TextArea
        maxLength={NEWS_LIMITS.contentMax}
        showCount
        autoSize={{ minRows: 4, maxRows: 12 }}
        data-testid={`admin-message-${name}`}
      />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={t(editing ? 'form.editTitle' : 'form.newTitle')}
      width={820}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>,
        <Button
          key="draft"
          loading={busy === 'draft'}
          disabled={busy === 'publish'}
          onClick={() => void save(false)}
          data-testid="admin-message-save"
        >
          {t('form.saveDraft')}
        </Button>,
        <Button
          key="publish"
          type="primary"
          loading={busy === 'publish'}
          disabled={busy === 'draft'}
          onClick={() => void save(true)}
          data-testid="admin-message-submit-publish"
        >
          {t('form.publish')}
        </Button>,
      ]}
    >
      <Form<AdminMessageInput> form={form} layout="vertical" name="admin-message" initialValues={fieldsOf(editing)}>
        <Form.Item
          name="type"
          label={t('form.type')}
          required
          rules={[zodRule(AdminMessageInput.shape.type, t)]}
          extra={t('form.typeHelp')}
        >
          <Select<PublishedType>
            options={PUBLISHED_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            style={{ maxWidth: 240 }}
            data-testid="admin-message-type"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {text('title_en', t('form.titleEn'))}
            {body('content_en', t('form.contentEn'))}
          </Col>
          <Col xs={24} md={12}>
            {text('title_zh', t('form.titleZh'))}
            {body('content_zh', t('form.contentZh'))}
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
