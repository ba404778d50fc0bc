import { DeleteOutlined, DownloadOutlined, DownOutlined, ImportOutlined } from '@ant-design/icons';
import type { WorkflowDetails } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type WorkflowExportFormat, workflowsApi } from '../../api/workflows';
import { saveBlob } from '../../lib/save-file';
import { withWorkflow } from '../../workspace/layout/query-values';
import { workflowsKey } from './workflow-ui';

/** Files the Import button offers: Galaxy's .ga (JSON) and gxformat2 (YAML). */
export const WORKFLOW_FILE_ACCEPT = '.ga,.yml,.yaml,.json';
/** The server takes 2 MB of text at most. */
const IMPORT_MAX_BYTES = 2_000_000;

/** A file name from the workflow's name (letters, digits, dot, dash and underscore). */
export function exportFileName(name: string, format: WorkflowExportFormat): string {
  const base =
    name
      .trim()
      .replace(/[^\w.-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'workflow';
  return `${base}${format === 'ga' ? '.ga' : '.gxwf.yml'}`;
}

/**
 * The workflow window's file actions: Export (.ga or gxformat2), Import (a .ga or gxformat2
 * file, then the imported workflow opens), and Delete for a workflow the user imported.
 */
export function WorkflowFileActions({ workflow }: { workflow: WorkflowDetails }) {
  const { t } = useTranslation('workflows');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import' | 'delete' | null>(null);

  const exportAs = async (format: WorkflowExportFormat) => {
    setBusy('export');
    const answer = await workflowsApi.exportFile(workflow.id, format);
    setBusy(null);
    if (answer.success && answer.data) saveBlob(answer.data, exportFileName(workflow.name, format));
  };

  const importFile = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) {
      message.error(t('file.tooLarge'));
      return;
    }
    setBusy('import');
    try {
      let content: string;
      try {
        content = await file.text();
      } catch {
        message.error(t('file.readFailed'));
        return;
      }
      const answer = await workflowsApi.importFile({ file_name: file.name, content });
      if (!answer.success) {
        message.error(answer.msg || t('file.importFailed'));
        return;
      }
      message.success(t('file.imported', { name: answer.data.name }));
      await queryClient.invalidateQueries({ queryKey: workflowsKey });
      setParams((current) => withWorkflow(current, answer.data.id));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    const answer = await workflowsApi.remove(workflow.id);
    setBusy(null);
    if (!answer.success) return;
    message.success(answer.msg || t('msg:deleteSuccessful'));
    await queryClient.invalidateQueries({ queryKey: workflowsKey });
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('workflow');
      return next;
    });
  };

  return (
    <Space size={4} className="medx-workflow-actions" wrap>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'ga', label: <span data-testid="workflow-export-ga">{t('file.exportGa')}</span> },
            { key: 'gxformat2', label: <span data-testid="workflow-export-gxformat2">{t('file.exportGx')}</span> },
          ],
          onClick: ({ key }) => void exportAs(key as WorkflowExportFormat),
        }}
      >
        <Button size="small" icon={<DownloadOutlined />} loading={busy === 'export'} data-testid="workflow-export">
          {t('file.export')} <DownOutlined />
        </Button>
      </Dropdown>
      <Button
        size="small"
        icon={<ImportOutlined />}
        loading={busy === 'import'}
        onClick={() => fileInput.current?.click()}
        data-testid="workflow-import"
      >
        {t('file.import')}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept={WORKFLOW_FILE_ACCEPT}
        hidden
        aria-label={t('file.import')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
        data-testid="workflow-import-input"
      />
      {workflow.source === 'imported' && (
        <Popconfirm
          title={t('file.deleteConfirm', { name: workflow.name })}
          okText={t('file.delete')}
          cancelText={t('file.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove()}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={busy === 'delete'}
            data-testid="workflow-delete"
          >
            {t('file.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
