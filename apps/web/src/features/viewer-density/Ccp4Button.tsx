import { HeatMapOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelButton } from '../../viewer/toolbar/buttons';
import { useToolbar } from '../../viewer/toolbar/toolbar-context';
import { Ccp4Panel } from './Ccp4Panel';
import { authorizeApiDownloads, onLazyVolumeParseFailure } from './lazy-volume';
import { useStreamingSetup } from './streaming-button';

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

/**
 * Mol*'s Volume section loads a lazy volume from a click and, when the file is no volume, says
 * 'Failed to parse any volume.' (viewer spec §5) only on the console: said here as a toast in the
 * user's language; the lazy item stays, the viewer goes on.
 */
function useLazyVolumeFailureToast() {
  const { t } = useTranslation('density');
  const { message } = App.useApp();
  useEffect(() => onLazyVolumeParseFailure(() => void message.error(t('volumeParseFailed'))), [message, t]);
}
