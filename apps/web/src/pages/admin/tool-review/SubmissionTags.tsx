import type { SubmissionStatus, ToolSubmission } from '@medx/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<SubmissionStatus, string> = {
  SUBMITTED: 'processing',
  PUBLISHED: 'success',
  REJECTED: 'error',
};

const TEST_COLORS: Record<ToolSubmission['test_status'], string> = {
  NOT_RUN: 'default',
  RUNNING: 'processing',
  PASSED: 'success',
  FAILED: 'error',
};

/** A submission's review state: awaiting review, published or rejected. */
export function SubmissionStatusTag({ status, testId }: { status: SubmissionStatus; testId?: string }) {
  const { t } = useTranslation('toolReview');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={testId} data-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** The state of a submission's tests: not run, running, passed or failed. */
export function TestStatusTag({ status, testId }: { status: ToolSubmission['test_status']; testId?: string }) {
  const { t } = useTranslation('toolReview');
  return (
    <Tag color={TEST_COLORS[status]} data-testid={testId} data-status={status}>
      {t(`testStatuses.${status}`)}
    </Tag>
  );
}
