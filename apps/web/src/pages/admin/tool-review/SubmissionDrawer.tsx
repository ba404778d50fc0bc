import type { ToolSubmissionDetail } from '@medx/contract';
import { App, Button, Descriptions, Drawer, Empty, Flex, Result, Skeleton, Spin, Table, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolReviewApi } from '../../../api/tool-review';
import { formatSize } from '../../../lib/format-size';
import { formatTime } from '../../../lib/format-time';
import { PublishModal, RejectModal } from './ReviewModals';
import { SubmissionStatusTag, TestStatusTag } from './SubmissionTags';
import { TEST_POLL_MS, useApplySubmission, useSubmission } from './use-tool-review';

interface SubmissionDrawerProps {
  /** The submission shown; kept while the drawer closes. */
  id: number | null;
  open: boolean;
  onClose: () => void;
  /** How often a running test is read again. */
  pollMs?: number;
}

type TabKey = 'xml' | 'files' | 'tests';
type SubmissionFile = ToolSubmissionDetail['files'][number];

/**
 * One submission: its facts, the XML, the bundle's files, the test run and the decision
 * (publish into a category, or reject with a reason). A reviewed one shows its category or
 * reason instead of the actions.
 */
export function SubmissionDrawer({ id, open, onClose, pollMs = TEST_POLL_MS }: SubmissionDrawerProps) {
  const { t } = useTranslation('toolReview');
  const query = useSubmission(id, open, pollMs);
  const submission = query.data;

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 8 }} data-testid="tool-review-detail-loading" />;
  else if (query.isError || !submission)
    body = (
      <Result
        status="error"
        title={t('detail.loadFailed')}
        data-testid="tool-review-detail-error"
        extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  else body = <SubmissionDetail submission={submission} />;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={900}
      destroyOnHidden
      title={
        submission
          ? t('detail.title', { name: submission.tool_name, version: submission.version })
          : t('detail.titleLoading')
      }
      data-testid="tool-review-drawer"
    >
      {body}
    </Drawer>
  );
}

function SubmissionDetail({ submission }: { submission: ToolSubmissionDetail }) {
  const { t } = useTranslation('toolReview');
  const { message } = App.useApp();
  const apply = useApplySubmission();
  const [tab, setTab] = useState<TabKey>('xml');
  const [starting, setStarting] = useState(false);
  const [deciding, setDeciding] = useState<'publish' | 'reject' | null>(null);
  const reviewable = submission.status === 'SUBMITTED';
  const running = submission.test_status === 'RUNNING';

  const runTests = async () => {
    setStarting(true);
    const answer = await toolReviewApi.runTests(submission.id);
    setStarting(false);
    if (!answer.success) return;
    message.success(answer.msg || t('tests.started'));
    setTab('tests');
    await apply(answer.data);
  };

  const author = submission.user.email
    ? `${submission.user.username} <${submission.user.email}>`
    : submission.user.username;

  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={2}
        bordered
        items={[
          {
            key: 'toolId',
            label: t('columns.toolId'),
            children: <Typography.Text code>{submission.tool_id}</Typography.Text>,
          },
          { key: 'version', label: t('columns.version'), children: submission.version },
          { key: 'name', label: t('columns.name'), children: submission.tool_name },
          { key: 'author', label: t('columns.author'), children: author },
          { key: 'submitted', label: t('columns.submittedAt'), children: formatTime(submission.created_at) },
          { key: 'reviewed', label: t('detail.reviewedAt'), children: formatTime(submission.reviewed_at) },
          { key: 'status', label: t('columns.status'), children: <SubmissionStatusTag status={submission.status} /> },
          {
            key: 'tests',
            label: t('columns.testStatus'),
            children: <TestStatusTag status={submission.test_status} testId="tool-review-test-status" />,
          },
          ...(submission.status === 'PUBLISHED'
            ? [
                {
                  key: 'category',
                  label: t('detail.category'),
                  span: 2,
                  children: <span data-testid="tool-review-category-value">{submission.category ?? '-'}</span>,
                },
              ]
            : []),
          ...(submission.status === 'REJECTED'
            ? [
                {
                  key: 'reason',
                  label: t('detail.reason'),
                  span: 2,
                  children: (
                    <span className="medx-tool-review-text" data-testid="tool-review-reason-value">
                      {submission.reason ?? '-'}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />

      {reviewable && (
        <Flex gap={8} wrap>
          <Button
            onClick={() => void runTests()}
            loading={starting || running}
            disabled={running}
            data-testid="tool-review-run-tests"
          >
            {running ? t('actions.testsRunning') : t('actions.runTests')}
          </Button>
          <Button
            type="primary"
            onClick={() => setDeciding('publish')}
            disabled={running}
            title={running ? t('actions.publishWhileRunning') : undefined}
            data-testid="tool-review-publish"
          >
            {t('actions.publish')}
          </Button>
          <Button danger onClick={() => setDeciding('reject')} data-testid="tool-review-reject">
            {t('actions.reject')}
          </Button>
        </Flex>
      )}

      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'xml', label: t('tabs.xml'), children: <CodeView text={submission.xml} testId="tool-review-xml" /> },
          {
            key: 'files',
            label: t('tabs.files', { count: submission.files.length }),
            children: <FileList files={submission.files} />,
          },
          {
            key: 'tests',
            label: t('tabs.tests'),
            children: <TestReport status={submission.test_status} report={submission.test_report} />,
          },
        ]}
      />

      {reviewable && (
        <>
          <PublishModal submission={submission} open={deciding === 'publish'} onClose={() => setDeciding(null)} />
          <RejectModal submission={submission} open={deciding === 'reject'} onClose={() => setDeciding(null)} />
        </>
      )}
    </Flex>
  );
}

/** Read-only text in a monospace, scrolling block. */
function CodeView({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation('toolReview');
  if (!text) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.emptyText')} />;
  return (
    <pre className="medx-tool-review-code" data-testid={testId}>
      {text}
    </pre>
  );
}

/** The bundle's files; a text file opens below the list, a binary (or too large) one says its size. */
function FileList({ files }: { files: SubmissionFile[] }) {
  const { t } = useTranslation('toolReview');
  const [shown, setShown] = useState<string | null>(null);
  const file = files.find((f) => f.path === shown && f.text !== null) ?? null;
  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('files.empty')} />;
  return (
    <Flex vertical gap={12}>
      <Table<SubmissionFile>
        rowKey="path"
        size="small"
        pagination={false}
        dataSource={files}
        columns={[
          {
            title: t('files.path'),
            dataIndex: 'path',
            render: (path: string, row) =>
              row.text === null ? (
                <Flex vertical>
                  <Typography.Text>{path}</Typography.Text>
                  <Typography.Text type="secondary" data-testid="tool-review-file-binary">
                    {t('files.binary', { count: row.size })}
                  </Typography.Text>
                </Flex>
              ) : (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() => setShown(path)}
                  data-testid="tool-review-file-open"
                >
                  {path}
                </Button>
              ),
          },
          {
            title: t('files.size'),
            dataIndex: 'size',
            width: 140,
            align: 'right',
            render: (size: number) => formatSize(size),
          },
        ]}
      />
      {file && (
        <Flex vertical gap={4}>
          <Typography.Text strong>{file.path}</Typography.Text>
          <CodeView text={file.text ?? ''} testId="tool-review-file-content" />
        </Flex>
      )}
    </Flex>
  );
}

function TestReport({ status, report }: { status: ToolSubmissionDetail['test_status']; report: string }) {
  const { t } = useTranslation('toolReview');
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center">
        <TestStatusTag status={status} />
        {status === 'RUNNING' && (
          <>
            <Spin size="small" />
            <Typography.Text type="secondary">{t('tests.runningHint')}</Typography.Text>
          </>
        )}
      </Flex>
      {report.trim() ? (
        <pre className="medx-tool-review-code medx-tool-review-report" data-testid="tool-review-test-report">
          {report}
        </pre>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={status === 'NOT_RUN' ? t('tests.notRun') : t('tests.noReport')}
        />
      )}
    </Flex>
  );
}
