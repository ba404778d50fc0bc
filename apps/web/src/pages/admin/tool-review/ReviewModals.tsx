import { PublishSubmission, RejectSubmission, type ToolSubmission } from '@medx/contract';
import { Alert, App, AutoComplete, Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PublishSubmissionBody, type RejectSubmissionBody, toolReviewApi } from '../../../api/tool-review';
import { testId } from '../../../lib/test-id';
import { zodRule } from '../../../lib/zod-rule';
import { useApplySubmission, useCatalogueCategories, useReloadSubmission } from './use-tool-review';

interface ReviewModalProps {
  submission: ToolSubmission;
  open: boolean;
  onClose: () => void;
}

/** Longest category name the contract takes. */
const CATEGORY_MAX = 100;
/** Longest reason the contract takes. */
const REASON_MAX = 2000;

/**
 * The shared flow of both decisions: validate, call, toast the answer and apply it on success;
 * on failure (the client toasted the server's msg) read the submission again, since another
 * admin may have reviewed it, and keep the dialog open.
 */
function useDecision(submission: ToolSubmission, onClose: () => void, successKey: string) {
  const { t } = useTranslation('toolReview');
  const { message } = App.useApp();
  const apply = useApplySubmission();
  const reload = useReloadSubmission();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => ReturnType<typeof toolReviewApi.publish>) => {
    setBusy(true);
    const answer = await call();
    setBusy(false);
    if (!answer.success) {
      await reload(submission.id);
      return;
    }
    message.success(answer.msg || t(successKey));
    onClose();
    await apply(answer.data);
  };
  return { busy, run };
}

/** Publish: the catalogue category (an existing one, or a new name typed in), required. */
export function PublishModal({ submission, open, onClose }: ReviewModalProps) {
  const { t } = useTranslation('toolReview');
  const [form] = Form.useForm<PublishSubmissionBody>();
  const categories = useCatalogueCategories(open);
  const typed = Form.useWatch('category', form) ?? '';
  const { busy, run } = useDecision(submission, onClose, 'msg:submissionPublished');

  const options = useMemo(() => {
    const needle = typed.trim().toLowerCase();
    return (categories.data ?? [])
      .filter((name) => !needle || name.toLowerCase().includes(needle))
      .map((name) => ({ value: name, label: name }));
  }, [categories.data, typed]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = PublishSubmission.parse(values);
    await run(() => toolReviewApi.publish(submission.id, body));
  };

  return (
    <Modal
      open={open}
      title={t('publish.title', { name: submission.tool_name, version: submission.version })}
      okText={t('publish.ok')}
      cancelText={t('common:actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={testId('tool-review-publish-ok')}
      destroyOnHidden
    >
      {submission.test_status !== 'PASSED' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t(`publish.untested.${submission.test_status}`)}
          data-testid="tool-review-publish-untested"
        />
      )}
      <Form<PublishSubmissionBody>
        form={form}
        layout="vertical"
        name="tool-review-publish"
        initialValues={{ category: submission.category ?? '' }}
      >
        <Form.Item
          name="category"
          label={t('publish.category')}
          extra={t('publish.categoryHelp')}
          required
          rules={[zodRule(PublishSubmission.shape.category, t)]}
        >
          <AutoComplete options={options} popupMatchSelectWidth>
            <Input
              maxLength={CATEGORY_MAX}
              placeholder={t('publish.categoryPlaceholder')}
              aria-label={t('publish.category')}
              data-testid="tool-review-category"
            />
          </AutoComplete>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Reject: the reason, required; the author reads it in News. */
export function RejectModal({ submission, open, onClose }: ReviewModalProps) {
  const { t } = useTranslation('toolReview');
  const [form] = Form.useForm<RejectSubmissionBody>();
  const { busy, run } = useDecision(submission, onClose, 'msg:submissionRejected');

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = RejectSubmission.parse(values);
    await run(() => toolReviewApi.reject(submission.id, body));
  };

  return (
    <Modal
      open={open}
      title={t('reject.title', { name: submission.tool_name, version: submission.version })}
      okText={t('reject.ok')}
      cancelText={t('common:actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ danger: true, ...testId('tool-review-reject-ok') }}
      destroyOnHidden
    >
      <Form<RejectSubmissionBody>
        form={form}
        layout="vertical"
        name="tool-review-reject"
        initialValues={{ reason: '' }}
      >
        <Form.Item
          name="reason"
          label={t('reject.reason')}
          extra={t('reject.reasonHelp')}
          required
          rules={[zodRule(RejectSubmission.shape.reason, t)]}
        >
          <Input.TextArea
            maxLength={REASON_MAX}
            showCount
            autoSize={{ minRows: 4, maxRows: 12 }}
            data-testid="tool-review-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
