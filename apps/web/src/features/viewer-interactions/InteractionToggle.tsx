import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LaterButton } from '../../viewer/toolbar/buttons';

/** Med View's interactions toolbar item: to be built in issue 12 (visibly there, never pretending to work). */
export function InteractionToggle() {
  const { t } = useTranslation('toolbar');
  return <LaterButton id="interactions" label={t('interactions')} icon={<ApiOutlined />} />;
}
