import { CheckCircleOutlined, DownloadOutlined } from '@ant-design/icons';
import type { BuilderTest, ProjectFile } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { filesApi } from '../../api/files';
import { jobsApi } from '../../api/jobs';
import { JobProgress, JobStatusTag, jobsKey, useJob } from '../../features/jobs';
import { formatSize } from '../../lib/format-size';
import { saveBlob } from '../../lib/save-file';

/** Lines of the log shown when a test run fails. */
export const LOG_TAIL_LINES = 40;

export const logTail = (log: string, lines = LOG_TAIL_LINES) => log.trimEnd().split('\n').slice(-lines).join('\n');

interface TestRunStatusProps {
  jobId: number;
  test: BuilderTest | null;
  onUseAsTest: (jobId: number) => void;
}

/**
 * A test run's job (polled by the jobs feature until it is over): its status and progress;
 * finished, its output files and "use as the tool's test"; failed, its error and the log's end.
 */
export function TestRunStatus({ jobId, test, onUseAsTest }: TestRunStatusProps) {
  const { t } = useTranslation('toolBuilder');
  const job = useJob(jobId);
  const status = job.data?.status;
  const finished = status === 'FINISHED';
  const failed = status === 'FAILED' || status === 'STOPPED';
  const used = test?.job_id === jobId;

  return (
    <Card size="small" title={t('test.runTitle', { id: jobId })} data-testid="builder-test-run" data-job-id={jobId}>
      {job.isPending ? (
        <Spin />
      ) : job.isError || !job.data ? (
        <Alert type="error" showIcon title={t('test.jobMissing')} />
      ) : (
        <Flex vertical gap={8} align="flex-start">
          <Flex align="center" gap={8} data-testid="builder-test-status" data-status={status}>
            <JobStatusTag status={job.data.status} />
            {!finished && !failed && <Spin size="small" />}
          </Flex>
          <JobProgress job={job.data} />
          {finished && (
            <>
              <TestOutputs jobId={jobId} />
              {used ? (
                <Tag icon={<CheckCircleOutlined />} color="success" data-testid="builder-test-used">
                  {t('test.used')}
                </Tag>
              ) : (
                <Button type="primary" onClick={() => onUseAsTest(jobId)} data-testid="builder-test-use">
                  {t('test.useAsTest')}
                </Button>
              )}
            </>
          )}
          {failed && <TestFailure jobId={jobId} error={job.data.error} />}
        </Flex>
      )}
    </Card>
  );
}

function TestOutputs({ jobId }: { jobId: number }) {
  const { t } = useTranslation('toolBuilder');
  const [downloading, setDownloading] = useState<number | null>(null);
  const files = useQuery({
    queryKey: [...jobsKey, 'files', jobId],
    queryFn: async () => unwrap(await jobsApi.files(jobId)),
  });
  const download = async (file: ProjectFile) => {
    setDownloading(file.id);
    const answer = await filesApi.download(file.id);
    setDownloading(null);
    if (answer.success && answer.data) saveBlob(answer.data, file.name);
  };
  if (files.isPending) return <Spin size="small" />;
  const list = files.data ?? [];
  if (list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('test.noOutputs')} />;
  return (
    <section aria-label={t('test.outputs')}>
      <Typography.Text strong>{t('test.outputs')}</Typography.Text>
      <ul className="medx-builder-outputs" data-testid="builder-test-outputs">
        {list.map((file) => (
          <li key={file.id}>
            <Flex align="center" gap={8}>
              <Typography.Text>{file.name}</Typography.Text>
              <Tag>{formatSize(file.size)}</Tag>
              <Button
                size="small"
                type="link"
                icon={<DownloadOutlined />}
                loading={downloading === file.id}
                onClick={() => void download(file)}
                data-testid={`builder-test-download-${file.id}`}
              >
                {t('test.download')}
              </Button>
            </Flex>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TestFailure({ jobId, error }: { jobId: number; error: string | null }) {
  const { t } = useTranslation('toolBuilder');
  const log = useQuery({
    queryKey: [...jobsKey, 'log', jobId],
    queryFn: async () => {
      const answer = await jobsApi.comment(jobId);
      return answer.success && answer.data ? answer.data.comment : '';
    },
  });
  const tail = log.data ? logTail(log.data) : '';
  return (
    <>
      <Alert type="error" showIcon title={error || t('test.failed')} data-testid="builder-test-error" />
      {tail && (
        <>
          <Typography.Text type="secondary">{t('test.logTail', { lines: LOG_TAIL_LINES })}</Typography.Text>
          <pre className="medx-builder-log" data-testid="builder-test-log">
            {tail}
          </pre>
        </>
      )}
    </>
  );
}
