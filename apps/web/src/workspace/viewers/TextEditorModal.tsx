import type { ProjectFile } from '@medx/contract';
import { Alert, App, Button, Modal, Result, Space, Spin } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi } from '../../api/files';
import { useWorkspace } from '../workspace-context';
import type { CodeEditorHandle } from './CodeEditor';
import { useFileContent } from './use-file-content';

const CodeEditor = lazy(() => import('./CodeEditor').then((m) => ({ default: m.CodeEditor })));

/** Spec §2/§9: the text editor dialog is 800 px wide, its editor 500 px high. */
export const EDITOR_WIDTH = 800;
export const EDITOR_HEIGHT = 500;

interface TextEditorModalProps {
  file: ProjectFile;
  onClose: () => void;
  /** After a save; the id changes for GET_PDB files (spec §4). */
  onSaved?: (file: ProjectFile, replacedId: number | null) => void;
}

/** The searchable text editor (spec §2): Update is disabled for READ_ONLY members. */
export function TextEditorModal({ file, onClose, onSaved }: TextEditorModalProps) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const { readOnly, refresh } = useWorkspace();
  const content = useFileContent(file.id);
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editor = useRef<CodeEditorHandle | null>(null);

  const changed = draft !== null && draft !== content.data;

  const save = async () => {
    if (draft === null || readOnly) return;
    setSaving(true);
    const answer = await filesApi.updateContent(file.id, draft, { silent: true });
    setSaving(false);
    if (!answer.success || !answer.data) {
      const detail = answer.msg && answer.msg !== t('msg:updateContentFailed') ? answer.msg : '';
      message.error(detail ? `${t('msg:updateContentFailed')} ${detail}` : t('msg:updateContentFailed'));
      return;
    }
    message.success(t('msg:updateSuccessful'));
    await refresh();
    onSaved?.(answer.data.file, answer.data.replaced_id);
    onClose();
  };

  return (
    <Modal
      open
      width={EDITOR_WIDTH}
      title={file.name}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => editor.current?.openSearch()} disabled={!content.data && content.data !== ''}>
            {t('editor.search')}
          </Button>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={readOnly || !changed}
            onClick={() => void save()}
            data-testid="editor-update"
          >
            {t('editor.update')}
          </Button>
        </Space>
      }
    >
      {readOnly && <Alert type="info" showIcon title={t('editor.readOnly')} style={{ marginBottom: 8 }} />}
      {content.isError ? (
        <Result status="warning" subTitle={t('msg:loadContentFailed')} />
      ) : content.data === undefined ? (
        <div style={{ height: EDITOR_HEIGHT, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      ) : (
        <Suspense
          fallback={
            <div style={{ height: EDITOR_HEIGHT, display: 'grid', placeItems: 'center' }}>
              <Spin />
            </div>
          }
        >
          <CodeEditor
            initialValue={content.data}
            readOnly={readOnly}
            height={EDITOR_HEIGHT}
            onChange={setDraft}
            ariaLabel={t('editor.label', { name: file.name })}
            onReady={(handle) => {
              editor.current = handle;
            }}
          />
        </Suspense>
      )}
    </Modal>
  );
}
