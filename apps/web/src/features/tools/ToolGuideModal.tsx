import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ToolGuide } from './ToolGuide';
import { toolUi, useToolUi } from './tool-ui';
import { useOpenTool } from './use-open-tool';

/** The Tool guide as a modal 80% wide (spec §2), opened by the floating button or the Tools dialog. */
export function ToolGuideModal() {
  const { t } = useTranslation('tools');
  const { guideOpen } = useToolUi();
  const openTool = useOpenTool();
  return (
    <Modal
      open={guideOpen}
      title={t('guide.title')}
      width="80%"
      footer={null}
      onCancel={toolUi.closeGuide}
      destroyOnHidden
      className="medx-tool-guide-modal"
    >
      <ToolGuide onOpen={openTool} />
    </Modal>
  );
}
