import { CompassOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolGuideModal } from './ToolGuideModal';
import { toolUi } from './tool-ui';

/**
 * Mounted with the workspace: the floating round button at the right that opens the Tool guide
 * (spec §2) and the guide modal. The no-licence reminder is the shell's (NoLicenceModal).
 */
export function ToolGuideMount() {
  const { t } = useTranslation('tools');
  // Leaving the workspace (the reminder's Purchase, the sidebar) closes the guide: it does not
  // come back open with the next project.
  useEffect(() => toolUi.closeGuide, []);
  return (
    <>
      <FloatButton
        shape="circle"
        type="primary"
        icon={<CompassOutlined />}
        aria-label={t('guide.open')}
        tooltip={t('guide.open')}
        onClick={toolUi.openGuide}
        className="medx-tool-guide-float"
        data-testid="tool-guide-button"
      />
      <ToolGuideModal />
    </>
  );
}
