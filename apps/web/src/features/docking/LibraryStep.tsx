import { LIBRARY_FILE_TYPES, type ProjectFile, SCREENING_LIMITS } from '@medx/contract';
import { Collapse, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DockingFilePicker } from './DockingFilePicker';
import { hasCsv, type LibraryColumns, type LibraryRole, type LibrarySelection, pickLibrary } from './library-rules';

interface LibraryStepProps {
  projectId: number;
  value: LibrarySelection;
  onChange: (next: LibrarySelection) => void;
}

const COLUMNS: readonly (keyof LibraryColumns)[] = ['smiles_column', 'name_column', 'activity_column'];

/**
 * The ligand step in "Screen a library" mode: the library files, then (folded away, optional)
 * files of known actives and of decoys, which make the job report its enrichment, and for CSV
 * files the names of their SMILES, name and activity columns.
 */
export function LibraryStep({ projectId, value, onChange }: LibraryStepProps) {
  const { t } = useTranslation('screening');
  const types = LIBRARY_FILE_TYPES.join(', ');
  const picker = (role: LibraryRole) => (
    <DockingFilePicker
      projectId={projectId}
      fileTypes={LIBRARY_FILE_TYPES}
      multiple
      value={value[role]}
      onChange={(files: ProjectFile[]) => onChange(pickLibrary(value, role, files))}
      testIdPrefix={`library-${role}`}
    />
  );
  const labelled = value.actives.length + value.decoys.length;
  const setColumn = (name: keyof LibraryColumns, text: string) =>
    onChange({ ...value, columns: { ...value.columns, [name]: text } });

  const sections = [
    {
      key: 'activity',
      label: (
        <span data-testid="library-activity-toggle">
          {t('wizard.activitySection')}
          {labelled > 0 && ` (${t('wizard.filesChosen', { count: labelled })})`}
        </span>
      ),
      children: (
        <>
          <Typography.Paragraph type="secondary">{t('wizard.activityHelp')}</Typography.Paragraph>
          <Typography.Title level={5}>{t('wizard.actives')}</Typography.Title>
          {picker('actives')}
          <Typography.Title level={5}>{t('wizard.decoys')}</Typography.Title>
          {picker('decoys')}
        </>
      ),
    },
  ];
  if (hasCsv(value)) {
    sections.push({
      key: 'columns',
      label: <span data-testid="library-columns-toggle">{t('wizard.csvColumns')}</span>,
      children: (
        <Form layout="vertical" component="div">
          <Typography.Paragraph type="secondary">{t('wizard.csvHelp')}</Typography.Paragraph>
          {COLUMNS.map((name) => (
            <Form.Item key={name} label={t(`wizard.columns.${name}`)} style={{ marginBottom: 8 }}>
              <Input
                value={value.columns[name]}
                onChange={(event) => setColumn(name, event.target.value)}
                placeholder={t(`wizard.columnDefaults.${name}`)}
                maxLength={SCREENING_LIMITS.columnNameMax}
                aria-label={t(`wizard.columns.${name}`)}
                data-testid={`library-${name}`}
              />
            </Form.Item>
          ))}
        </Form>
      ),
    });
  }

  return (
    <div data-testid="library-step">
      <Typography.Paragraph type="secondary">
        {t('wizard.libraryHelp', { types, max: SCREENING_LIMITS.moleculesMax.toLocaleString() })}
      </Typography.Paragraph>
      {picker('files')}
      <Collapse size="small" items={sections} style={{ marginTop: 8 }} />
    </div>
  );
}
