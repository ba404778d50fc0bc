import { DeploymentUnitOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { ToolOutputFile } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { filesApi } from '../../api/files';
import { jobsApi } from '../../api/jobs';
import { saveBlob } from '../../lib/save-file';
import { planLoad } from '../../viewer/formats';
import { openProjectFile } from '../../viewer/open-file';
import { useOptionalViewer } from '../../viewer/ViewerProvider';
import { downloadName, viewerFor } from '../../workspace/file-types';
import { useFileViewer } from '../../workspace/viewers/FileViewerHost';
import { JOBS_PAGE_SIZE, jobsKey } from './use-jobs';

const isOutputRow = (row: unknown): row is ToolOutputFile =>
  typeof row === 'object' &&
  row !== null &&
  typeof (row as ToolOutputFile).file_id === 'number' &&
  typeof (row as ToolOutputFile).name === 'string';

/** Whether Med View reads the format (structures, maps, meshes). */
export const opensIn3d = (ext: string) => planLoad(ext).kind !== 'unsupported';

/**
 * A TOOL job's outputs (GET /v1/jobs/{id}/file_detail: name, label, file_id, ext): each can be
 * viewed in its dialog (text, CSV, image, HTML), downloaded, or opened in Med View when it is
 * a structure.
 */
export function ToolOutputs({ jobId }: { jobId: number }) {
  const { t } = useTranslation('jobs');
  const { message } = App.useApp();
  const { openFile } = useFileViewer();
  const viewer = useOptionalViewer();
  const [busy, setBusy] = useState<string | null>(null);
  const details = useQuery({
    queryKey: [...jobsKey, 'details', jobId],
    queryFn: async () => unwrap(await jobsApi.details(jobId)),
  });
  const rows = useMemo(() => (details.data ?? []).filter(isOutputRow), [details.data]);

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };
  const view = (row: ToolOutputFile) =>
    run(`view-${row.file_id}`, async () => {
      const answer = await filesApi.get(row.file_id);
      if (answer.success) openFile(answer.data);
    });
  const download = (row: ToolOutputFile) =>
    run(`download-${row.file_id}`, async () => {
      const answer = await filesApi.download(row.file_id);
      if (answer.success && answer.data)
        saveBlob(answer.data, downloadName({ name: row.label || row.name, ext: row.ext }));
    });
  const show3d = (row: ToolOutputFile) =>
    run(`3d-${row.file_id}`, async () => {
      if (!viewer) {
        message.warning(t('docking:result.noViewer'));
        return;
      }
      await openProjectFile(viewer, row.file_id);
    });

  return (
    <Table<ToolOutputFile>
      size="small"
      rowKey="file_id"
      loading={details.isPending}
      dataSource={rows}
      locale={{ emptyText: t('toolOutputs.empty') }}
      pagination={{ pageSize: JOBS_PAGE_SIZE, size: 'small', hideOnSinglePage: true }}
      onRow={(row) => ({ 'data-testid': `tool-output-${row.file_id}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        // label: the file's name in the project; name: the tool's output it came from.
        { key: 'label', title: t('toolOutputs.name'), dataIndex: 'label', ellipsis: true },
        { key: 'name', title: t('toolOutputs.label'), dataIndex: 'name', width: 110, ellipsis: true },
        { key: 'ext', title: t('toolOutputs.ext'), dataIndex: 'ext', width: 80 },
        {
          key: 'action',
          title: t('toolOutputs.action'),
          width: 210,
          render: (_v, row) => (
            <Space size={0}>
              <Button
                size="small"
                type="link"
                icon={<EyeOutlined />}
                disabled={!viewerFor({ name: row.label, ext: row.ext, file_type: row.ext })}
                loading={busy === `view-${row.file_id}`}
                onClick={() => void view(row)}
                data-testid={`tool-output-view-${row.file_id}`}
              >
                {t('toolOutputs.view')}
              </Button>
              <Button
                size="small"
                type="link"
                icon={<DownloadOutlined />}
                loading={busy === `download-${row.file_id}`}
                onClick={() => void download(row)}
                data-testid={`tool-output-download-${row.file_id}`}
              >
                {t('toolOutputs.download')}
              </Button>
              {opensIn3d(row.ext) && (
                <Button
                  size="small"
                  type="link"
                  icon={<DeploymentUnitOutlined />}
                  loading={busy === `3d-${row.file_id}`}
                  onClick={() => void show3d(row)}
                  data-testid={`tool-output-3d-${row.file_id}`}
                >
                  {t('toolOutputs.show3d')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
