import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { type ProjectFile, TOOL_JOB_TYPE } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Modal, Space, Table, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { filesApi } from '../../api/files';
import { type JobDetailRow, jobsApi } from '../../api/jobs';
import { formatSize } from '../../lib/format-size';
import { formatTime } from '../../lib/format-time';
import { saveBlob } from '../../lib/save-file';
import type { JobResultQuery } from '../../workspace/layout/query-values';
import { useFileViewer } from '../../workspace/viewers/FileViewerHost';
import { JobLogView } from './JobLog';
import { JobStatusTag } from './JobStatusTag';
import { detailCell, detailColumns } from './job-details';
import { ToolOutputs } from './ToolOutputs';
import { JOBS_PAGE_SIZE, jobsKey, useJob } from './use-jobs';

function OutputFiles({ jobId }: { jobId: number }) {
  const { t } = useTranslation('jobs');
  const { openFile } = useFileViewer();
  const files = useQuery({
    queryKey: [...jobsKey, 'files', jobId],
    queryFn: async () => unwrap(await jobsApi.files(jobId)),
  });
  const download = async (file: ProjectFile) => {
    const answer = await filesApi.download(file.id);
    if (answer.success && answer.data) saveBlob(answer.data, file.name);
  };
  return (
    <Table<ProjectFile>
      size="small"
      rowKey="id"
      loading={files.isPending}
      dataSource={files.data ?? []}
      locale={{ emptyText: t('result.noFiles') }}
      pagination={{ pageSize: JOBS_PAGE_SIZE, size: 'small', hideOnSinglePage: true }}
      columns={[
        { key: 'name', title: t('result.fileName'), dataIndex: 'name', ellipsis: true },
        { key: 'type', title: t('columns.type'), dataIndex: 'file_type', width: 80 },
        { key: 'size', title: t('result.size'), width: 90, render: (_v, f) => formatSize(f.size) },
        {
          key: 'action',
          title: t('columns.action'),
          width: 150,
          render: (_v, file) => (
            <Space size={4}>
              <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => openFile(file)}>
                {t('result.view')}
              </Button>
              <Button size="small" type="link" icon={<DownloadOutlined />} onClick={() => download(file)}>
                {t('result.download')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}

function ExtraTable({ jobId }: { jobId: number }) {
  const { t } = useTranslation('jobs');
  const details = useQuery({
    queryKey: [...jobsKey, 'details', jobId],
    queryFn: async () => unwrap(await jobsApi.details(jobId)),
  });
  const rows = useMemo(() => (details.data ?? []).map((row, i) => ({ ...row, __key: i })), [details.data]);
  const keys = useMemo(() => detailColumns(details.data ?? []), [details.data]);
  return (
    <Table<JobDetailRow & { __key: number }>
      size="small"
      rowKey="__key"
      loading={details.isPending}
      dataSource={rows}
      locale={{ emptyText: t('result.noTable') }}
      columns={keys.map((key) => ({ key, title: key, ellipsis: true, render: (_v, row) => detailCell(row[key]) }))}
      pagination={{ pageSize: JOBS_PAGE_SIZE, size: 'small', showSizeChanger: false }}
      scroll={{ x: true }}
    />
  );
}

/**
 * The Job Result dialog that jobType, jobId and jobStatus open (spec §2): the job, its output
 * files, its log and the extra table (5 a page); a FAILED job warns that its pre-error outputs
 * can still be viewed.
 */
export function JobResultDialog({ job, onClose }: { job: JobResultQuery | null; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const id = job ? Number(job.jobId) : Number.NaN;
  const jobId = Number.isInteger(id) && id > 0 ? id : null;
  const detail = useJob(jobId);
  const [exporting, setExporting] = useState(false);
  const status = detail.data?.status ?? job?.jobStatus ?? '';
  const jobType = detail.data?.job_type ?? job?.jobType ?? '';

  const exportZip = async () => {
    if (jobId === null) return;
    setExporting(true);
    const zip = await jobsApi.exportZip(jobId);
    setExporting(false);
    if (zip) saveBlob(zip.blob, zip.name);
  };

  return (
    <Modal open={job !== null} title={t('result.title')} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      {job && (
        <div data-testid="job-result-dialog">
          <Descriptions
            size="small"
            column={3}
            items={[
              { key: 'type', label: t('columns.type'), children: t(`types.${jobType}`, { defaultValue: jobType }) },
              { key: 'id', label: t('columns.id'), children: job.jobId },
              { key: 'status', label: t('columns.status'), children: <JobStatusTag status={status} /> },
              ...(detail.data
                ? [
                    { key: 'name', label: t('columns.name'), children: detail.data.job_name ?? '-' },
                    { key: 'start', label: t('result.start'), children: formatTime(detail.data.start_time) },
                    { key: 'end', label: t('result.end'), children: formatTime(detail.data.end_time) },
                  ]
                : []),
            ]}
          />
          {status === 'FAILED' && (
            <Alert
              type="warning"
              showIcon
              title={t('failedWarning')}
              description={detail.data?.error ?? undefined}
              style={{ margin: '8px 0' }}
              data-testid="job-failed-warning"
            />
          )}
          {jobId === null ? (
            <Empty description={t('msg:jobNotFound')} />
          ) : (
            <>
              <Tabs
                items={
                  // A tool job's outputs are its file_detail rows (label, file, format), with 3D for structures.
                  jobType === TOOL_JOB_TYPE
                    ? [
                        { key: 'files', label: t('result.files'), children: <ToolOutputs jobId={jobId} /> },
                        { key: 'log', label: t('result.log'), children: <JobLogView jobId={jobId} /> },
                      ]
                    : [
                        { key: 'files', label: t('result.files'), children: <OutputFiles jobId={jobId} /> },
                        { key: 'log', label: t('result.log'), children: <JobLogView jobId={jobId} /> },
                        { key: 'table', label: t('result.table'), children: <ExtraTable jobId={jobId} /> },
                      ]
                }
              />
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportZip} data-testid="job-export">
                {t('result.export')}
              </Button>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
