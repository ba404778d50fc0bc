import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProblems } from './use-problems';

interface PairsEditorProps<K extends string> {
  /** `options` (value, label) or `fileTypes` (format, label). */
  rows: readonly Record<K | 'label', string>[];
  keyField: K;
  keyLabel: string;
  /** Where the rows sit in the draft (`params.2.options`): problems come from `<path>.<i>.<keyField>`. */
  path: string;
  onChange: (rows: Record<K | 'label', string>[]) => void;
  /** Suggestions for the key column (Galaxy formats). */
  suggestions?: readonly string[];
  max: number;
  addText: string;
  testId: string;
}

/** Rows of two texts (a select's options, a data input's file types): add, edit, remove. */
export function PairsEditor<K extends string>({
  rows,
  keyField,
  keyLabel,
  path,
  onChange,
  suggestions,
  max,
  addText,
  testId,
}: PairsEditorProps<K>) {
  const { t } = useTranslation('toolBuilder');
  const problems = useProblems();
  const set = (index: number, field: K | 'label', value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const add = () => onChange([...rows, { [keyField]: '', label: '' } as Record<K | 'label', string>]);

  return (
    <div data-testid={testId}>
      {rows.map((row, index) => {
        const problem = problems.at(`${path}.${index}.${keyField}`);
        const keyProps = {
          'aria-label': `${keyLabel} ${index + 1}`,
          value: row[keyField],
          status: problem ? ('error' as const) : undefined,
          placeholder: keyLabel,
          'data-testid': `${testId}-${keyField}-${index}`,
        };
        return (
          // Rows have no identity but their place.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="medx-builder-pair">
            <Flex gap={8} align="center">
              {suggestions ? (
                <AutoComplete
                  value={row[keyField]}
                  options={suggestions.map((value) => ({ value }))}
                  filterOption={(input, option) => String(option?.value ?? '').startsWith(input.toLowerCase())}
                  onChange={(value: string) => set(index, keyField, value)}
                  style={{ flex: 1 }}
                >
                  <Input {...keyProps} />
                </AutoComplete>
              ) : (
                <Input
                  {...keyProps}
                  onChange={(event) => set(index, keyField, event.target.value)}
                  style={{ flex: 1 }}
                />
              )}
              <Input
                aria-label={`${t('pairs.label')} ${index + 1}`}
                value={row.label}
                placeholder={t('pairs.label')}
                onChange={(event) => set(index, 'label', event.target.value)}
                style={{ flex: 1 }}
                data-testid={`${testId}-label-${index}`}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('pairs.remove', { index: index + 1 })}
                onClick={() => onChange(rows.filter((_row, i) => i !== index))}
                data-testid={`${testId}-remove-${index}`}
              />
            </Flex>
            {problem && (
              <Typography.Text type="danger" className="medx-builder-problem">
                {problem}
              </Typography.Text>
            )}
          </div>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={rows.length >= max}
        onClick={add}
        data-testid={`${testId}-add`}
      >
        {addText}
      </Button>
    </div>
  );
}
