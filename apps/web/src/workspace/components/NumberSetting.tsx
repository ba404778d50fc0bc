import { Form, InputNumber } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface NumberSettingProps {
  /** The form field. */
  name: string;
  label: ReactNode;
  min: number;
  max: number;
  step?: number;
  precision?: number;
  /** Help under the field. */
  extra?: ReactNode;
  /** Help behind the label's question mark. */
  tooltip?: ReactNode;
  testId: string;
}

/** A required number of a job wizard's settings (docking, TransMol), bounded as the contract bounds it. */
export function NumberSetting({
  name,
  label,
  min,
  max,
  step = 1,
  precision,
  extra,
  tooltip,
  testId,
}: NumberSettingProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      tooltip={tooltip}
      rules={[{ required: true, message: t('msg:fieldRequired') }]}
      style={{ marginBottom: 8 }}
    >
      <InputNumber
        min={min}
        max={max}
        step={step}
        precision={precision}
        style={{ width: '100%' }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
