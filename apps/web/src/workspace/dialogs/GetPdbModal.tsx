import { GetPdbRequest } from '@medx/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi } from '../../api/files';
import { dispatchBrowserEvent } from '../../lib/browser-events';
import { testId } from '../../lib/test-id';
import { zodRule } from '../../lib/zod-rule';
import { useWorkspace } from '../workspace-context';

interface GetPdbForm {
  pdbId: string;
}

/**
 * Get PDB (spec §2/§5): fetches a structure by its 4-character id into the project, then
 * announces it with the pdbImportSuccess browser event.
 */
export function GetPdbModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const { project, refresh } = useWorkspace();
  const [form] = Form.useForm<GetPdbForm>();
  const [loading, setLoading] = useState(false);

  const submit = async ({ pdbId }: GetPdbForm) => {
    const id = pdbId.trim().toUpperCase();
    setLoading(true);
    const answer = await filesApi.getPdb(project.id, id);
    setLoading(false);
    if (!answer.success || !answer.data) return;
    message.success(t('getPdb.done', { pdbId: id }));
    dispatchBrowserEvent('pdbImportSuccess', { pdbId: id, fileId: answer.data.id });
    await refresh();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('getPdb.title')}
      onCancel={onClose}
      okText={t('getPdb.ok')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading, ...testId('get-pdb-ok') }}
      destroyOnHidden
      width={400}
      modalRender={(node) => (
        <Form<GetPdbForm> form={form} layout="vertical" clearOnDestroy onFinish={(values) => void submit(values)}>
          {node}
        </Form>
      )}
    >
      <Form.Item name="pdbId" label={t('getPdb.label')} required rules={[zodRule(GetPdbRequest.shape.pdb_id, t)]}>
        <Input autoFocus placeholder={t('getPdb.placeholder')} autoComplete="off" data-testid="pdb-id-input" />
      </Form.Item>
    </Modal>
  );
}
