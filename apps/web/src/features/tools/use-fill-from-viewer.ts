import type { ToolParam } from '@medx/contract';
import { POCKET_DEFAULTS } from '@medx/contract';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewerPlugin } from '../../viewer/ViewerProvider';
import {
  applyBox,
  type FormValues,
  formatResidues,
  getAt,
  isRecord,
  selectionBox,
  setAt,
  type ValuePath,
} from './form-model';

/**
 * A param's value from Med View's selection (the `medx_viewer` kinds): a box (the six
 * centre and size params of its level) around the selected atoms, the atoms, or the
 * residues. `update` applies a change to the form values the wizard keeps (a tool's, or a
 * workflow step's); the tool wizard and the workflow wizard share this.
 */
export function useFillFromViewer(update: (change: (values: FormValues) => FormValues) => void) {
  const { t } = useTranslation('tools');
  const { message } = App.useApp();
  const plugin = useViewerPlugin();
  return useCallback(
    async (param: ToolParam, levelParams: readonly ToolParam[], levelPath: ValuePath) => {
      if (!plugin) {
        message.warning(t('viewer.noViewer'));
        return;
      }
      // Mol* code loads with the viewer's chunk, not with the wizard.
      const { readViewerSelection } = await import('../../viewer/viewer-selection-molstar');
      const selection = readViewerSelection(plugin);
      if (selection.atoms.length === 0) {
        message.warning(t('toolbar:messages.noSelection'));
        return;
      }
      if (param.viewer === 'box' || param.viewer === 'docking_box') {
        const box = selectionBox(selection.positions, POCKET_DEFAULTS.padding);
        if (!box) return;
        update((tree) => {
          const level = levelPath.length === 0 ? tree : getAt(tree, levelPath);
          return setAt(tree, levelPath, applyBox(levelParams, isRecord(level) ? level : {}, param, box));
        });
      } else {
        const value =
          param.viewer === 'atom' ? [...new Set(selection.atoms)].join(' ') : formatResidues(selection.residues);
        update((tree) => setAt(tree, [...levelPath, param.name], value));
      }
      message.success(t('viewer.filled'));
    },
    [plugin, message, t, update],
  );
}
