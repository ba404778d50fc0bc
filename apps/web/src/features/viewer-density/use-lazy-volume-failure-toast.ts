import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onLazyVolumeParseFailure } from './lazy-volume';

/**
 * Mol*'s Volume section loads a lazy volume from a click and, when the file is no volume, says
 * 'Failed to parse any volume.' (viewer spec §5) only on the console: said here as a toast in the
 * user's language; the lazy item stays, the viewer goes on.
 */
export function useLazyVolumeFailureToast() {
  const { t } = useTranslation('density');
  const { message } = App.useApp();
  useEffect(() => onLazyVolumeParseFailure(() => void message.error(t('volumeParseFailed'))), [message, t]);
}
