import { HeatMapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LaterButton } from '../../viewer/toolbar/buttons';

/** Med View's ccp4 toolbar item: to be built in issue 12 (visibly there, never pretending to work). */
export function Ccp4Button() {
  const { t } = useTranslation('toolbar');
  return <LaterButton id="ccp4" label={t('ccp4')} icon={<HeatMapOutlined />} />;
}
