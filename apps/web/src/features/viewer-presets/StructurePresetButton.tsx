import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LaterButton } from '../../viewer/toolbar/buttons';

/** Med View's structure-preset toolbar item: to be built in issue 12 (visibly there, never pretending to work). */
export function StructurePresetButton() {
  const { t } = useTranslation('toolbar');
  return <LaterButton id="structure-preset" label={t('structurePreset')} icon={<SettingOutlined />} />;
}
