import type { BuilderParam } from '@medx/contract';
import { ColorPicker, DatePicker, Input, InputNumber, Select, Switch, TimePicker } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

const DATE_FORMAT = 'YYYY-MM-DD';
const TIME_FORMAT = 'HH:mm:ss';

interface DefaultValueInputProps {
  param: BuilderParam;
  id: string;
  invalid: boolean;
  onChange: (value: BuilderParam['default']) => void;
}

const asNumber = (value: BuilderParam['default']) => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};

const asText = (value: BuilderParam['default']) => (value === null ? '' : String(value));

/** A param's default, typed by its type: a number, a switch, a date, a time, a colour, an option, text. */
export function DefaultValueInput({ param, id, invalid, onChange }: DefaultValueInputProps) {
  const { t } = useTranslation('toolBuilder');
  const status = invalid ? ('error' as const) : undefined;
  const testId = 'builder-param-default';
  switch (param.type) {
    case 'float':
    case 'integer':
    case 'range':
      return (
        <InputNumber
          id={id}
          status={status}
          value={asNumber(param.default)}
          step={param.validator.step ?? (param.type === 'integer' ? 1 : 0.1)}
          onChange={(value) => onChange(typeof value === 'number' ? value : null)}
          style={{ width: '100%', maxWidth: 240 }}
          data-testid={testId}
        />
      );
    case 'boolean':
      return (
        <Switch
          id={id}
          checked={param.default === true}
          checkedChildren={t('editor.yes')}
          unCheckedChildren={t('editor.no')}
          onChange={(checked) => onChange(checked)}
          data-testid={testId}
        />
      );
    case 'date': {
      const value = typeof param.default === 'string' ? dayjs(param.default, DATE_FORMAT, true) : null;
      return (
        <DatePicker
          id={id}
          status={status}
          value={value?.isValid() ? value : null}
          format={DATE_FORMAT}
          onChange={(date) => onChange(date ? date.format(DATE_FORMAT) : null)}
          data-testid={testId}
        />
      );
    }
    case 'time': {
      const value = typeof param.default === 'string' ? dayjs(param.default, TIME_FORMAT, true) : null;
      return (
        <TimePicker
          id={id}
          status={status}
          value={value?.isValid() ? value : null}
          format={TIME_FORMAT}
          onChange={(time) => onChange(time ? time.format(TIME_FORMAT) : null)}
          data-testid={testId}
        />
      );
    }
    case 'color':
      return (
        <ColorPicker
          value={typeof param.default === 'string' && param.default ? param.default : undefined}
          allowClear
          showText
          format="hex"
          disabledAlpha
          onChange={(color) => onChange(color.cleared ? null : color.toHexString())}
          onClear={() => onChange(null)}
          aria-label={t('editor.default')}
          data-testid={testId}
        />
      );
    case 'select':
    case 'condition': {
      const options = param.options
        .filter((option) => option.value.trim())
        .map((option) => ({ value: option.value, label: option.label || option.value }));
      const multiple = param.type === 'select' && param.multiple;
      const text = asText(param.default);
      return (
        <Select<string | string[]>
          id={id}
          status={status}
          allowClear
          mode={multiple ? 'multiple' : undefined}
          value={multiple ? (text ? text.split(',') : []) : text || undefined}
          placeholder={t('editor.noDefault')}
          options={options}
          onChange={(value) => {
            const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
            onChange(joined ? joined : null);
          }}
          style={{ width: '100%', maxWidth: 320 }}
          data-testid={testId}
        />
      );
    }
    default:
      return (
        <Input
          id={id}
          status={status}
          value={asText(param.default)}
          onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
          data-testid={testId}
        />
      );
  }
}
