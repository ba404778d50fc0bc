import { LIGAND_STATUSES, POSE_CHECKS } from '@medx/contract';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Filters, filterCount, residueValid } from './filters';

interface ScreeningFiltersProps {
  filters: Filters;
  /** Whether the library has activity labels (the activity filter is offered then). */
  hasActivity: boolean;
  /** `immediate` for choices; typed values are applied once typing pauses. */
  onChange: (patch: Partial<Filters>, immediate?: boolean) => void;
  onReset: () => void;
}

type Range = readonly [keyof Filters, keyof Filters];
const RANGES: readonly { key: string; fields: Range; step: number }[] = [
  { key: 'score', fields: ['score_min', 'score_max'], step: 0.5 },
  { key: 'mw', fields: ['mw_min', 'mw_max'], step: 50 },
  { key: 'logp', fields: ['logp_min', 'logp_max'], step: 0.5 },
];

/** A yes / no / either filter as a Select value. */
const boolValue = (value: boolean | undefined) => (value === undefined ? 'all' : String(value));
const fromBool = (value: string) => (value === 'all' ? undefined : value === 'true');

/**
 * The ligand table's filters, all applied on the server: name, status, score, MW and logP ranges,
 * validity, a failed check, a residue the pose touches, and activity when the library has it.
 */
export function ScreeningFilters({ filters, hasActivity, onChange, onReset }: ScreeningFiltersProps) {
  const { t } = useTranslation('screening');
  const residueOk = residueValid(filters.residue);
  const number = (field: keyof Filters, placeholder: string, label: string, step: number) => (
    <InputNumber
      size="small"
      value={(filters[field] as number | undefined) ?? null}
      onChange={(value) => onChange({ [field]: typeof value === 'number' ? value : undefined })}
      placeholder={placeholder}
      aria-label={label}
      step={step}
      style={{ width: 84 }}
      data-testid={`screening-filter-${field}`}
    />
  );

  return (
    <Form layout="inline" component="div" className="medx-screening-filters" data-testid="screening-filters">
      <Form.Item>
        <Input
          size="small"
          allowClear
          value={filters.name ?? ''}
          onChange={(event) => onChange({ name: event.target.value })}
          placeholder={t('filters.name')}
          aria-label={t('filters.name')}
          style={{ width: 160 }}
          data-testid="screening-filter-name"
        />
      </Form.Item>
      <Form.Item>
        <Select
          size="small"
          allowClear
          value={filters.status}
          onChange={(status) => onChange({ status }, true)}
          placeholder={t('filters.status')}
          aria-label={t('filters.status')}
          options={LIGAND_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          style={{ width: 120 }}
          data-testid="screening-filter-status"
        />
      </Form.Item>
      {RANGES.map(({ key, fields: [min, max], step }) => (
        <Form.Item key={key} label={t(`filters.${key}`)}>
          <Space.Compact>
            {number(min, t('filters.min'), `${t(`filters.${key}`)} ${t('filters.min')}`, step)}
            {number(max, t('filters.max'), `${t(`filters.${key}`)} ${t('filters.max')}`, step)}
          </Space.Compact>
        </Form.Item>
      ))}
      <Form.Item>
        <Select
          size="small"
          value={boolValue(filters.valid)}
          onChange={(value) => onChange({ valid: fromBool(value) }, true)}
          aria-label={t('filters.validity')}
          options={[
            { value: 'all', label: t('filters.validityAll') },
            { value: 'true', label: t('filters.valid') },
            { value: 'false', label: t('filters.invalid') },
          ]}
          style={{ width: 130 }}
          data-testid="screening-filter-valid"
        />
      </Form.Item>
      <Form.Item>
        <Select
          size="small"
          allowClear
          value={filters.failed_check}
          onChange={(failed_check) => onChange({ failed_check }, true)}
          placeholder={t('filters.failedCheck')}
          aria-label={t('filters.failedCheck')}
          options={POSE_CHECKS.map((check) => ({ value: check, label: t(`checks.names.${check}`) }))}
          style={{ width: 170 }}
          data-testid="screening-filter-failed_check"
        />
      </Form.Item>
      <Form.Item
        validateStatus={residueOk ? undefined : 'error'}
        help={residueOk ? undefined : t('msg:screeningResidueFormat')}
      >
        <Input
          size="small"
          allowClear
          value={filters.residue ?? ''}
          onChange={(event) => onChange({ residue: event.target.value })}
          placeholder={t('filters.residue')}
          aria-label={t('filters.residue')}
          style={{ width: 130 }}
          data-testid="screening-filter-residue"
        />
      </Form.Item>
      {hasActivity && (
        <Form.Item>
          <Select
            size="small"
            value={boolValue(filters.active)}
            onChange={(value) => onChange({ active: fromBool(value) }, true)}
            aria-label={t('filters.activity')}
            options={[
              { value: 'all', label: t('filters.activityAll') },
              { value: 'true', label: t('activity.active') },
              { value: 'false', label: t('activity.inactive') },
            ]}
            style={{ width: 130 }}
            data-testid="screening-filter-active"
          />
        </Form.Item>
      )}
      <Form.Item>
        <Button
          size="small"
          onClick={onReset}
          disabled={filterCount(filters) === 0}
          data-testid="screening-filter-reset"
        >
          {t('filters.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
