import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFullscreen } from './use-fullscreen';

/** The workspace's full-screen toggle (spec §2, Job screens; viewer §2 top bar). */
export function FullscreenToggle() {
  const { t } = useTranslation('workspace');
  const { active, supported, toggle } = useFullscreen();
  const label = active ? t('fullscreen.exit') : t('fullscreen.enter');
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        aria-pressed={active}
        disabled={!supported}
        onClick={() => void toggle()}
        data-testid="fullscreen-toggle"
      />
    </Tooltip>
  );
}
