import { TRANSMOL_LIMITS } from '@medx/contract';
import { Descriptions, Form, type FormInstance, Input, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberSetting } from '../../workspace/components/NumberSetting';
import { imageSrc } from '../../workspace/molecule-board/MoleculeBoardModal';
import { clampRemain, type SeedCheck, type TransMolSettings } from './wizard-rules';

interface ConfirmStepProps {
  form: FormInstance<TransMolSettings>;
  settings: TransMolSettings;
  smiles: [string, string];
  checks: [SeedCheck, SeedCheck];
  onChange: (settings: TransMolSettings) => void;
  onSubmit: (settings: TransMolSettings) => void;
}

/**
 * The confirmation step (spec §4, §9): the two seeds, then epsilon, number, the remain range
 * (a range slider over 0..number, which the request carries × 10) and the job name.
 */
export function ConfirmStep({ form, settings, smiles, checks, onChange, onSubmit }: ConfirmStepProps) {
  const { t } = useTranslation('transmol');
  const scale = TRANSMOL_LIMITS.remainScale;

  const seed = (index: 0 | 1) => {
    const check = checks[index];
    const picture = check.status === 'valid' ? imageSrc(check.image) : null;
    return (
      <div className="medx-transmol-confirm-seed">
        <code data-testid={`transmol-confirm-smiles${index + 1}`}>{smiles[index]}</code>
        {picture && <img src={picture} alt={t('seed.picture', { which: index + 1 })} />}
      </div>
    );
  };

  /** A required number with its help text (epsilon, number). */
  const numberSetting = (name: 'epsilon' | 'number', min: number, max: number, step: number, precision: number) => (
    <NumberSetting
      name={name}
      label={t(`settings.${name}`)}
      extra={t(`settings.${name}Help`)}
      min={min}
      max={max}
      step={step}
      precision={precision}
      testId={`transmol-${name}`}
    />
  );

  // The slider's maximum follows the number: a smaller number pulls the range in.
  const changed = (values: Partial<TransMolSettings>, all: TransMolSettings) => {
    // InputNumber gives null when cleared: refused on submit (required); the slider keeps its maximum.
    const number = values.number as number | null | undefined;
    if (number === null) return onChange({ ...all, number: settings.number });
    if (number !== undefined) {
      const remain = clampRemain(all.remain, number);
      if (remain[0] !== all.remain[0] || remain[1] !== all.remain[1]) form.setFieldsValue({ remain });
      onChange({ ...all, remain });
      return;
    }
    onChange(all);
  };

  return (
    <div data-testid="transmol-confirm-step">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'smiles1', label: t('steps.smiles1'), children: seed(0) },
          { key: 'smiles2', label: t('steps.smiles2'), children: seed(1) },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Form<TransMolSettings>
        form={form}
        layout="vertical"
        initialValues={settings}
        onValuesChange={changed}
        onFinish={onSubmit}
        requiredMark={false}
      >
        <Form.Item name="job_name" label={t('settings.job_name')} style={{ marginBottom: 8 }}>
          <Input
            maxLength={TRANSMOL_LIMITS.jobNameMax}
            onPressEnter={() => form.submit()}
            data-testid="transmol-job_name"
          />
        </Form.Item>
        {numberSetting('epsilon', TRANSMOL_LIMITS.epsilonMin, TRANSMOL_LIMITS.epsilonMax, 0.1, 1)}
        {numberSetting('number', TRANSMOL_LIMITS.numberMin, TRANSMOL_LIMITS.numberMax, 1, 0)}
        <Form.Item
          name="remain"
          label={t('settings.remain')}
          extra={t('settings.remainHelp', { from: settings.remain[0] * scale, to: settings.remain[1] * scale })}
          style={{ marginBottom: 8 }}
        >
          <Slider
            range={{ draggableTrack: false }}
            min={0}
            max={settings.number}
            step={1}
            marks={{ 0: '0', [settings.number]: String(settings.number) }}
            // Room for the end marks' labels, which antd centres on the track's ends.
            style={{ marginInline: 12 }}
            data-testid="transmol-remain"
          />
        </Form.Item>
      </Form>
    </div>
  );
}
