import { DOCKING_LIMITS, type DockingPocket, type ProjectFile, SCREENING_DEFAULTS, VINA_SEED } from '@medx/contract';
import { Descriptions, Form, type FormInstance, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberSetting } from '../../workspace/components/NumberSetting';
import { DEFAULT_LIBRARY_SETTINGS, hasCsv, type LibrarySelection, type LibrarySettingsValues } from './library-rules';
import { formatPocket } from './wizard-rules';

interface LibraryConfirmStepProps {
  form: FormInstance<LibrarySettingsValues>;
  protein: ProjectFile | null;
  library: LibrarySelection;
  pocket: DockingPocket;
  onSubmit: (values: LibrarySettingsValues) => void;
}

const names = (files: ProjectFile[]) => (files.length ? files.map((f) => f.name).join(', ') : '-');

/**
 * The confirmation step in library mode: what will be screened, and the settings a screen uses
 * (exhaustiveness 8 by default: many quick dockings; energy range; an optional seed).
 */
export function LibraryConfirmStep({ form, protein, library, pocket, onSubmit }: LibraryConfirmStepProps) {
  const { t } = useTranslation('screening');
  const columns = Object.entries(library.columns)
    .filter(([, v]) => v.trim())
    .map(([k, v]) => `${t(`wizard.columns.${k}`)}: ${v.trim()}`);
  const items = [
    { key: 'protein', label: t('docking:confirm.protein'), children: protein?.name ?? '-' },
    { key: 'files', label: t('wizard.confirmFiles', { count: library.files.length }), children: names(library.files) },
  ];
  if (library.actives.length) {
    items.push({ key: 'actives', label: t('wizard.actives'), children: names(library.actives) });
  }
  if (library.decoys.length) {
    items.push({ key: 'decoys', label: t('wizard.decoys'), children: names(library.decoys) });
  }
  if (hasCsv(library) && columns.length) {
    items.push({ key: 'columns', label: t('wizard.csvColumns'), children: columns.join('; ') });
  }
  items.push({ key: 'pocket', label: t('docking:confirm.pocket'), children: formatPocket(pocket) });

  return (
    <div data-testid="library-confirm-step">
      <Descriptions size="small" column={1} bordered items={items} style={{ marginBottom: 12 }} />
      <Form<LibrarySettingsValues>
        form={form}
        layout="vertical"
        initialValues={DEFAULT_LIBRARY_SETTINGS}
        onFinish={onSubmit}
        requiredMark={false}
      >
        <Form.Item name="job_name" label={t('docking:settings.job_name')} style={{ marginBottom: 8 }}>
          <Input
            placeholder={SCREENING_DEFAULTS.job_name}
            maxLength={DOCKING_LIMITS.jobNameMax}
            data-testid="screening-job_name"
          />
        </Form.Item>
        <NumberSetting
          name="exhaustiveness"
          label={t('docking:settings.exhaustiveness')}
          min={1}
          max={DOCKING_LIMITS.exhaustivenessMax}
          tooltip={t('wizard.exhaustivenessHelp')}
          testId="screening-exhaustiveness"
        />
        <NumberSetting
          name="energy_range"
          label={t('docking:settings.energy_range')}
          min={0.1}
          max={DOCKING_LIMITS.energyRangeMax}
          step={0.5}
          precision={2}
          testId="screening-energy_range"
        />
        <Form.Item name="seed" label={t('wizard.seed')} tooltip={t('wizard.seedHelp')} style={{ marginBottom: 8 }}>
          <InputNumber
            min={VINA_SEED.min}
            max={VINA_SEED.max}
            precision={0}
            placeholder={t('wizard.seedPlaceholder')}
            style={{ width: '100%' }}
            data-testid="screening-seed"
          />
        </Form.Item>
      </Form>
    </div>
  );
}
