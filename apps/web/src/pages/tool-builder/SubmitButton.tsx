import { CheckOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface SubmitButtonProps {
  problemCount: number;
  previewed: boolean;
  /** The draft is the one submitted last (spec §4: the button reads Submitted and is disabled). */
  submitted: boolean;
  submitting: boolean;
  onSubmit: () => void;
}

/** Why the button is disabled, or null when it can be used. */
export function submitBlocker(props: Pick<SubmitButtonProps, 'problemCount' | 'previewed' | 'submitted'>) {
  if (props.submitted) return 'submitted' as const;
  if (props.problemCount > 0) return 'problems' as const;
  if (!props.previewed) return 'preview' as const;
  return null;
}

/** Spec §4 "preview then submit": enabled once the draft has no problems and was previewed. */
export function SubmitButton({ problemCount, previewed, submitted, submitting, onSubmit }: SubmitButtonProps) {
  const { t } = useTranslation('toolBuilder');
  const blocker = submitBlocker({ problemCount, previewed, submitted });
  const reason =
    blocker === 'problems'
      ? t('submit.fixProblems', { count: problemCount })
      : blocker === 'preview'
        ? t('submit.previewFirst')
        : blocker === 'submitted'
          ? t('submit.submittedHint')
          : undefined;
  return (
    <span className="medx-builder-submit">
      <Button
        type="primary"
        icon={submitted ? <CheckOutlined /> : <CloudUploadOutlined />}
        disabled={blocker !== null}
        loading={submitting}
        onClick={onSubmit}
        aria-describedby={reason ? 'builder-submit-reason' : undefined}
        data-testid="builder-submit"
        data-blocker={blocker ?? 'none'}
      >
        {submitted ? t('submit.submitted') : t('submit.submit')}
      </Button>
      {reason && (
        <Typography.Text type="secondary" id="builder-submit-reason" data-testid="builder-submit-reason">
          {reason}
        </Typography.Text>
      )}
    </span>
  );
}
