import { LIMITS, type Project, type ShareType, shareCodeField } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Modal, Radio, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { projectsApi } from '../../api/projects';
import { copyText } from '../../lib/copy-text';
import { randomShareCode } from '../../lib/share-code';
import { zodRule } from '../../lib/zod-rule';

interface ShareForm {
  share_code: string;
  share_type: ShareType;
}

interface ShareProjectModalProps {
  project: Project | null;
  onClose: () => void;
  onChanged: () => void;
}

/**
 * Share Project (spec §2, §4): a status switch; turning it on first asks the server for a
 * share URL, then shows the URL, the 4-character code and the access type. Apply saves;
 * Apply and copy also copies the link and code. Turning it off disables sharing at once.
 */
export function ShareProjectModal({ project, onClose, onChanged }: ShareProjectModalProps) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const [form] = Form.useForm<ShareForm>();
  const [enabled, setEnabled] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);
  const [applying, setApplying] = useState<'apply' | 'copy' | null>(null);
  const projectId = project?.id;

  const settings = useQuery({
    queryKey: ['projects', 'share', projectId],
    enabled: projectId !== undefined,
    queryFn: async () => unwrap(await projectsApi.getShare(projectId ?? 0)),
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    if (!settings.data) return;
    setEnabled(settings.data.is_shared);
    setUrl(settings.data.share_url);
    form.setFieldsValue({
      share_code: settings.data.share_code ?? randomShareCode(),
      share_type: settings.data.share_type ?? 'READ_ONLY',
    });
  }, [settings.data, form]);

  const toggle = async (on: boolean) => {
    if (projectId === undefined) return;
    setSwitching(true);
    if (on) {
      let shareUrl = url;
      if (!shareUrl) {
        const answer = await projectsApi.createShareUrl(projectId);
        shareUrl = answer.success ? answer.data.url : null;
      }
      if (shareUrl) {
        setUrl(shareUrl);
        setEnabled(true);
        if (!form.getFieldValue('share_code')) form.setFieldValue('share_code', randomShareCode());
      }
    } else {
      const answer = await projectsApi.updateShare(projectId, { is_shared: false });
      if (answer.success) {
        setEnabled(false);
        message.success(t('msg:applySuccessful'));
        onChanged();
      }
    }
    setSwitching(false);
  };

  const apply = async (copy: boolean) => {
    if (projectId === undefined || !url) return;
    let values: ShareForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    setApplying(copy ? 'copy' : 'apply');
    const answer = await projectsApi.updateShare(projectId, {
      is_shared: true,
      share_code: values.share_code,
      share_type: values.share_type,
      share_url: url,
    });
    setApplying(null);
    if (!answer.success) return;
    onChanged();
    if (copy) {
      const copied = await copyText(t('share.copyText', { url, code: values.share_code }));
      if (copied) message.success(t('share.applyAndCopySuccessful'));
      else message.error(t('common:errors.copyFailed'));
    } else {
      message.success(t('msg:applySuccessful'));
    }
    onClose();
  };

  const footer = enabled
    ? [
        <Button key="cancel" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>,
        <Button
          key="copy"
          loading={applying === 'copy'}
          onClick={() => void apply(true)}
          data-testid="share-apply-copy"
        >
          {t('share.applyAndCopy')}
        </Button>,
        <Button key="apply" type="primary" htmlType="submit" loading={applying === 'apply'} data-testid="share-apply">
          {t('share.apply')}
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>,
      ];

  return (
    <Modal
      open={project !== null}
      title={t('share.title')}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      modalRender={(node) => (
        <Form<ShareForm>
          form={form}
          layout="vertical"
          name="share-project"
          initialValues={{ share_type: 'READ_ONLY' }}
          onFinish={() => void apply(false)}
        >
          {node}
        </Form>
      )}
    >
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <Form.Item label={t('share.status')}>
            <Flex align="center" gap={12}>
              <Switch
                checked={enabled}
                loading={switching}
                onChange={(on) => void toggle(on)}
                data-testid="share-switch"
                aria-label={t('share.status')}
              />
              {!enabled && <Typography.Text type="secondary">{t('share.off')}</Typography.Text>}
            </Flex>
          </Form.Item>
          {enabled && (
            <>
              <Form.Item label={t('share.url')}>
                <Input value={url ?? ''} readOnly data-testid="share-url" />
              </Form.Item>
              <Form.Item name="share_code" label={t('share.code')} required rules={[zodRule(shareCodeField, t)]}>
                <Input
                  maxLength={LIMITS.shareCodeLength}
                  autoComplete="off"
                  placeholder={t('share.codePlaceholder')}
                  data-testid="share-code"
                  style={{ fontFamily: 'monospace', letterSpacing: 4, maxWidth: 160 }}
                />
              </Form.Item>
              <Form.Item name="share_type" label={t('share.type')} required>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  data-testid="share-type"
                  options={[
                    { value: 'READ_ONLY', label: t('common:shareType.READ_ONLY') },
                    { value: 'READ_WRITE', label: t('common:shareType.READ_WRITE') },
                  ]}
                />
              </Form.Item>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
