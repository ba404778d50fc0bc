import { DOCKING_DEFAULTS, DOCKING_LIMITS, type DockingPocket, type ProjectFile } from '@medx/contract';
import { Descriptions, Form, type FormInstance, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberSetting } from '../../workspace/components/NumberSetting';
import { DEFAULT_SETTINGS, formatPocket } from './wizard-rules';

export type SettingsValues = typeof DEFAULT_SETTINGS;

interface ConfirmStepProps {
  form: FormInstance<SettingsValues>;
  protein: ProjectFile | null;
  ligands: ProjectFile[];
  pocket: DockingPocket;
  onSubmit: (values: SettingsValues) => void;
}

/** The confirmation step: what will be docked, and the settings with the spec's defaults (§9). */
export function ConfirmStep({ form, protein, ligands, pocket, onSubmit }: ConfirmStepProps) {
  const { t } = useTranslation('docking');
  const number = (
    name: keyof SettingsValues,
    min: number,
    max: number,
    step = 1,
    precision?: number,
    tooltip?: string,
  ) => (
    <NumberSetting
      name={name}
      label={t(`settings.${name}`)}
      min={min}
      max={max}
      step={step}
      precision={precision}
      tooltip={tooltip}
      testId={`docking-${name}`}
    />
  );
  return (
    <div data-testid="docking-confirm-step">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'protein', label: t('confirm.protein'), children: protein?.name ?? '-' },
          {
            key: 'ligands',
            label: t('confirm.ligands', { count: ligands.length }),
            children: ligands.map((l) => l.name).join(', '),
          },
          { key: 'pocket', label: t('confirm.pocket'), children: formatPocket(pocket) },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Form<SettingsValues>
        form={form}
        layout="vertical"
        initialValues={DEFAULT_SETTINGS}
        onFinish={onSubmit}
        requiredMark={false}
      >
        <Form.Item name="job_name" label={t('settings.job_name')} style={{ marginBottom: 8 }}>
          <Input
            placeholder={DOCKING_DEFAULTS.job_name}
            maxLength={DOCKING_LIMITS.jobNameMax}
            data-testid="docking-job_name"
          />
        </Form.Item>
        <Form.Item name="scoring_function" label={t('settings.scoring_function')} style={{ marginBottom: 8 }}>
          <Select options={[{ value: 'vina', label: 'Vina' }]} disabled data-testid="docking-scoring" />
        </Form.Item>
        {number('exhaustiveness', 1, DOCKING_LIMITS.exhaustivenessMax)}
        {number('num_modes', 1, DOCKING_LIMITS.numModesMax)}
        {number('energy_range', 0.1, DOCKING_LIMITS.energyRangeMax, 0.5, 2)}
        {number('min_rmsd', 0.1, DOCKING_LIMITS.minRmsdMax, 0.5, 2)}
        {number('retain_count', 1, DOCKING_LIMITS.numModesMax)}
        {number('ring_conformers', 1, DOCKING_LIMITS.ringConformersMax, 1, 0, t('settings.ring_conformers_help'))}
      </Form>
    </div>
  );
}
