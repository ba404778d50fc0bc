import { HeatMapOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelButton } from '../../viewer/toolbar/buttons';
import { useToolbar } from '../../viewer/toolbar/toolbar-context';
import { Ccp4Panel } from './Ccp4Panel';
import { authorizeApiDownloads } from './lazy-volume';
import { useStreamingSetup } from './streaming-button';
import { useLazyVolumeFailureToast } from './use-lazy-volume-failure-toast';

/** Med View's CCP4 map popover (viewer spec §2): carved electron-density meshes of project maps. */
export function Ccp4Button() {
  const { t } = useTranslation('toolbar');
  const { plugin } = useToolbar();
  // Lazy volumes of project files (also those in restored states) download with the session's token.
  useEffect(() => authorizeApiDownloads(plugin), [plugin]);
  // Volume streaming (Structure Tools) on our server for the viewer's project, never another host.
  useStreamingSetup(plugin);
  useLazyVolumeFailureToast();
  return <PanelButton id="ccp4" title={t('ccp4')} icon={<HeatMapOutlined />} content={<Ccp4Panel />} />;
}
