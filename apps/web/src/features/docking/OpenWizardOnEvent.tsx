import { useBrowserEvent } from '../../lib/browser-events';
import { layoutActions } from '../../workspace/layout/layout-store';
import { requestLigands } from './preselected-ligands';

/** openDockingWizard (TransMol Result's Dock selected): the Docking wizard, shown with those ligands chosen. */
export function OpenWizardOnEvent() {
  useBrowserEvent('openDockingWizard', ({ ligandIds }) => {
    requestLigands(ligandIds);
    layoutActions.show('docking');
  });
  return null;
}
