import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../viewer/toolbar/buttons';
import { isWindowShown, layoutActions, useLayoutState } from '../../workspace/layout/layout-store';
import { PREVIEW_WINDOW_ID } from './window-ids';

/** Med View's toolbar item that shows or hides the floating 2D preview of its ligand. */
export function PreviewToggle() {
  const { t } = useTranslation('editor2d');
  const shown = isWindowShown(useLayoutState(), PREVIEW_WINDOW_ID);
  return (
    <ToolButton
      id="preview2d"
      title={t(shown ? 'preview.hide' : 'preview.show')}
      icon={<PictureOutlined />}
      active={shown}
      onClick={() => layoutActions.toggle(PREVIEW_WINDOW_ID)}
    />
  );
}
