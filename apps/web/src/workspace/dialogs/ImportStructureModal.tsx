import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_EXTENSIONS } from '@medx/contract';
import { App, Button, Checkbox, Modal, Progress, Space, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../lib/format-size';
import { testId } from '../../lib/test-id';
import { showImportedFiles } from '../../viewer/open-file';
import { useOptionalViewer } from '../../viewer/ViewerProvider';
import { getImportOptions, setImportOptions, useImportOptions } from '../import-options';
import { useWorkspace } from '../workspace-context';
import { extensionOf, type ImportStatus, importFiles, isImportable } from './import-files';
import { uploadSteps } from './upload-steps';

/** Spec §2: the Import Structure dialog is 320 px wide. */
export const IMPORT_MODAL_WIDTH = 320;

const ACCEPT = IMPORT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

interface Item {
  uid: string;
  file: File;
  status: ImportStatus;
  percent: number;
  detail?: string;
}

let nextUid = 0;

/**
 * Import Structure (spec §2/§4/§5): choose or drop files (no automatic upload), then OK uploads
 * each one with tus, with a progress bar, and creates its entry. A failed file is reported and
 * skipped. Then, per the options (kept locally), the new entries open in Med View, replacing
 * what it held when 'Replace Workspace' is on.
 */
export function ImportStructureModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const { project, refresh } = useWorkspace();
  const options = useImportOptions();
  const viewer = useOptionalViewer();
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const update = (index: number, change: Partial<Item>) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, ...change } : item)));

  const close = () => {
    if (busy) abort.current?.abort();
    setItems([]);
    setBusy(false);
    onClose();
  };

  const run = async () => {
    const files = items.map((item) => item.file);
    if (!files.length || busy) return;
    setBusy(true);
    setItems((current) => current.map((item) => ({ ...item, status: 'waiting', percent: 0, detail: undefined })));
    const controller = new AbortController();
    abort.current = controller;
    const outcome = await importFiles(files, project.id, uploadSteps(project.id, t, controller.signal), {
      onStatus: (index, status, detail) => update(index, { status, detail }),
      onProgress: (index, percent) => update(index, { percent }),
      onFailure: (file, detail) => {
        if (controller.signal.aborted) return;
        message.error({
          content: (
            <span>
              {t('import.syncFailed', { name: file.name })}
              {detail && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {detail}
                </Typography.Text>
              )}
            </span>
          ),
          duration: 6,
        });
      },
    });
    if (controller.signal.aborted) return;
    setBusy(false);
    if (outcome.succeeded > 0) {
      message.success(t('msg:uploadSuccessful'));
      await refresh();
      setItems([]);
      onClose();
      // Spec §4: Show in the 3D WorkSpace / Replace Workspace, as set when OK was pressed.
      if (viewer) void showImportedFiles(viewer, outcome.created, getImportOptions());
    }
  };

  const statusText = (item: Item) =>
    item.status === 'error'
      ? item.detail
        ? `${t('import.status.error')}: ${item.detail}`
        : t('import.status.error')
      : t(`import.status.${item.status}`);

  return (
    <Modal
      open={open}
      width={IMPORT_MODAL_WIDTH}
      title={t('import.title')}
      onCancel={close}
      onOk={() => void run()}
      okText={t('import.ok')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ disabled: items.length === 0, loading: busy, ...testId('import-ok') }}
      mask={{ closable: !busy }}
      destroyOnHidden
    >
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        showUploadList={false}
        fileList={[]}
        disabled={busy}
        beforeUpload={(file) => {
          if (!isImportable(file.name)) {
            message.warning(t('msg:notSupportExt', { fileExtension: `.${extensionOf(file.name) || file.name}` }));
            return Upload.LIST_IGNORE;
          }
          nextUid += 1;
          setItems((current) => [...current, { uid: `import-${nextUid}`, file, status: 'waiting', percent: 0 }]);
          return false;
        }}
        data-testid="import-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('import.drop')}</p>
        <p className="ant-upload-hint" style={{ fontSize: 12 }}>
          {t('import.hint')}
        </p>
      </Upload.Dragger>

      {items.length > 0 && (
        <ul className="medx-import-list" aria-label={t('import.selected')} data-testid="import-list">
          {items.map((item, index) => (
            <li key={item.uid} data-testid="import-item">
              <div className="medx-import-item-head">
                <Typography.Text ellipsis={{ tooltip: item.file.name }} style={{ flex: 1, minWidth: 0 }}>
                  {item.file.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {formatSize(item.file.size)}
                </Typography.Text>
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  disabled={busy}
                  aria-label={t('import.remove', { name: item.file.name })}
                  onClick={() => setItems((current) => current.filter((_, i) => i !== index))}
                />
              </div>
              {(busy || item.status !== 'waiting') && (
                <>
                  <Progress
                    size="small"
                    percent={item.percent}
                    status={item.status === 'error' ? 'exception' : item.status === 'done' ? 'success' : 'active'}
                    aria-label={t('import.progress', { name: item.file.name })}
                    data-testid="import-progress"
                  />
                  <Typography.Text
                    type={item.status === 'error' ? 'danger' : 'secondary'}
                    style={{ fontSize: 12 }}
                    data-testid="import-status"
                  >
                    {statusText(item)}
                  </Typography.Text>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <Space orientation="vertical" size={4} style={{ marginTop: 12 }}>
        <Checkbox
          checked={options.showIn3d}
          onChange={(event) => setImportOptions({ showIn3d: event.target.checked })}
          data-testid="import-show-3d"
        >
          {t('import.showIn3d')}
        </Checkbox>
        <Checkbox
          checked={options.replaceWorkspace}
          onChange={(event) => setImportOptions({ replaceWorkspace: event.target.checked })}
          data-testid="import-replace"
        >
          {t('import.replaceWorkspace')}
        </Checkbox>
      </Space>
    </Modal>
  );
}
