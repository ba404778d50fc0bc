import { CompassOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoLicenceModal } from './NoLicenceModal';
import { ToolGuideModal } from './ToolGuideModal';
import { toolUi } from './tool-ui';

/**
 * Mounted with the workspace: the floating round button at the right that opens the Tool guide
 * (spec §2), the guide modal, and the no-licence reminder.
 */
export function ToolGuideMount() {
  const { t } = useTranslation('tools');
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
      <NoLicenceModal />
    </>
  );
}
