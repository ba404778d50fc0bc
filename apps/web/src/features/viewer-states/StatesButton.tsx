import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PanelButton } from '../../viewer/toolbar/buttons';
import { StatesPanel } from './StatesPanel';

/** Med View's States toolbar item: the State panel (viewer spec §2, §4 "Snapshots"). */
export function StatesButton() {
  const { t } = useTranslation('toolbar');
  return <PanelButton id="states" title={t('states')} icon={<SaveOutlined />} content={<StatesPanel />} />;
}
