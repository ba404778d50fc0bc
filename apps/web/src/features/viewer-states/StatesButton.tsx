import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LaterButton } from '../../viewer/toolbar/buttons';

/** Med View's states toolbar item: to be built in issue 12 (visibly there, never pretending to work). */
export function StatesButton() {
  const { t } = useTranslation('toolbar');
  return <LaterButton id="states" label={t('states')} icon={<SaveOutlined />} />;
}
