import { Button, Space } from 'antd';

interface WizardFooterProps {
  /** Test ids are `<testPrefix>-previous`, `-next` and `-submit`. */
  testPrefix: string;
  className: string;
  labels: { previous: string; next: string; submit: string };
  canGoBack: boolean;
  onPrevious: () => void;
  /** On the last step the footer offers Submit instead of Next. */
  last: boolean;
  canGoNext: boolean;
  onNext: () => void;
  submitting: boolean;
  /** Submit is off for read-only members. */
  submitDisabled: boolean;
  onSubmit: () => void;
}

/** The footer of the workspace's step wizards (Docking, TransMol): Previous, then Next or Submit. */
export function WizardFooter(props: WizardFooterProps) {
  const { testPrefix, labels } = props;
  return (
    <Space className={props.className}>
      <Button disabled={!props.canGoBack} onClick={props.onPrevious} data-testid={`${testPrefix}-previous`}>
        {labels.previous}
      </Button>
      {props.last ? (
        <Button
          type="primary"
          loading={props.submitting}
          disabled={props.submitDisabled}
          onClick={props.onSubmit}
          data-testid={`${testPrefix}-submit`}
        >
          {labels.submit}
        </Button>
      ) : (
        <Button type="primary" disabled={!props.canGoNext} onClick={props.onNext} data-testid={`${testPrefix}-next`}>
          {labels.next}
        </Button>
      )}
    </Space>
  );
}
