import { EDITABLE_TYPES, type ProjectFile } from '@medx/contract';
import { App, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi } from '../../api/files';
import { saveText } from '../../lib/save-file';
import { testId } from '../../lib/test-id';
import { ProjectFilePicker } from '../file-picker/ProjectFilePicker';
import { exportable } from '../file-rules';
import { downloadName } from '../file-types';
import { useWorkspace } from '../workspace-context';

/** Spec §9: the picker dialog is 72% wide. */
export const PICKER_MODAL_WIDTH = '72%';

/**
 * Export Structure (spec §2/§5): pick files of the editable types (5 a page, newest first,
 * searchable), then each one's content is saved as a download.
 */
export function ExportStructureModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const { project } = useWorkspace();
  const [ids, setIds] = useState<number[]>([]);
  const [files, setFiles] = useState<ProjectFile[]>([]);
  const [loading, setLoading] = useState(false);

  const close = () => {
    setIds([]);
    setFiles([]);
    onClose();
  };

  const run = async () => {
    const chosen = exportable(files.filter((file) => ids.includes(file.id)));
    if (!chosen.length) return;
    setLoading(true);
    const answer = await filesApi.preload(chosen.map((file) => file.id));
    setLoading(false);
    if (!answer.success || !answer.data) return;
    for (const item of answer.data) saveText(item.content, downloadName(item));
    message.success(t('export.done', { count: answer.data.length }));
    close();
  };

  return (
    <Modal
      open={open}
      width={PICKER_MODAL_WIDTH}
      title={t('export.title')}
      onCancel={close}
      okText={t('export.ok')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ disabled: ids.length === 0, loading, ...testId('export-ok') }}
      onOk={() => void run()}
      destroyOnHidden
    >
      <ProjectFilePicker
        projectId={project.id}
        fileTypes={EDITABLE_TYPES}
        multiple
        value={ids}
        onChange={(nextIds, nextFiles) => {
          setIds(nextIds);
          setFiles(nextFiles);
        }}
      />
    </Modal>
  );
}
