import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolsDialog } from './ToolsDialog';

/** The header's Tools button (next to the Function menu): opens the Tools dialog. */
export function ToolsButton() {
  const { t } = useTranslation('tools');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" icon={<AppstoreAddOutlined />} onClick={() => setOpen(true)} data-testid="tools-button">
        {t('button')}
      </Button>
      <ToolsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
