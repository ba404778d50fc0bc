import { CheckOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isWindowShown, layoutActions, useLayoutState } from './layout-store';
import { jobTypeFromQuery } from './query-values';
import { type WindowId, windowTitleKey } from './windows';

/**
 * The windows the Window menu lists (spec §2): Entry List, Structure Viewer, Sequence Viewer,
 * 2D WorkSpace; Docking Result with jobType DOCKING, TransMol Result with TRANSMOL_WORKFLOW.
 * Med View is added while it is hidden (our extension: else only a reset brings it back).
 */
export function windowMenuEntries(params: URLSearchParams, medViewShown: boolean): WindowId[] {
  const entries: WindowId[] = ['entryList', 'structureViewer', 'sequenceViewer', 'workspace2d'];
  const jobType = jobTypeFromQuery(params);
  if (jobType === 'DOCKING') entries.push('dockingResult');
  if (jobType === 'TRANSMOL_WORKFLOW') entries.push('transMolResult');
  if (!medViewShown) entries.push('medView');
  return entries;
}

/** The header's Window dropdown (only on /): selecting a window un-hides it. */
export function WindowMenu() {
  const { t } = useTranslation('workspace');
  const [params] = useSearchParams();
  const state = useLayoutState();
  const entries = windowMenuEntries(params, isWindowShown(state, 'medView'));

  const items: MenuProps['items'] = entries.map((id) => ({
    key: id,
    icon: isWindowShown(state, id) ? <CheckOutlined /> : <span className="medx-menu-icon-space" />,
    label: <span data-testid={`window-menu-${id}`}>{t(windowTitleKey(id))}</span>,
  }));

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => layoutActions.show(key as WindowId) }}
      placement="bottomRight"
    >
      <Button type="text" data-testid="window-menu" style={{ marginInlineStart: 'auto' }}>
        {t('windowMenu')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
