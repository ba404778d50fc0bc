import type { BuilderDraft } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolBuilderApi } from '../../api/tool-builder';
import { testId } from '../../lib/test-id';
import { versionsKey } from './VersionsPanel';

interface SaveVersionModalProps {
  open: boolean;
  draft: BuilderDraft;
  onClose: () => void;
  onSaved: () => void;
}

/** Spec §4 "save version": the draft as a new version of its tool id, with an optional note. */
export function SaveVersionModal({ open, draft, onClose, onSaved }: SaveVersionModalProps) {
  const { t } = useTranslation('toolBuilder');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    const answer = await toolBuilderApi.saveVersion(draft, note.trim());
    setBusy(false);
    if (!answer.success) return;
    message.success(t('versions.saved', { id: answer.data.id, version: answer.data.version }));
    setNote('');
    onSaved();
    onClose();
    await queryClient.invalidateQueries({ queryKey: versionsKey });
  };

  return (
    <Modal
      open={open}
      title={t('versions.saveTitle', { id: draft.info.toolId, version: draft.info.version })}
      onCancel={onClose}
      okText={t('versions.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: busy, ...testId('builder-save-version-ok') }}
      onOk={() => void save()}
      destroyOnHidden
      data-testid="builder-save-version-modal"
    >
      <Typography.Paragraph type="secondary">{t('versions.saveHelp')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={t('versions.note')} htmlFor="builder-version-note">
          <Input
            id="builder-version-note"
            value={note}
            maxLength={200}
            showCount
            placeholder={t('versions.notePlaceholder')}
            onChange={(event) => setNote(event.target.value)}
            data-testid="builder-version-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
