import { useBrowserEvent } from '../../lib/browser-events';
import { layoutActions } from '../../workspace/layout/layout-store';
import { requestMolecule } from './pending-molecule';
import { EDITOR_WINDOW_ID } from './window-ids';

/**
 * Med View's 2D button asks for the 2D viewer (browser event open2dViewer): open the 2D WorkSpace.
 * Another window's openIn2dEditor (TransMol's "Open in 2D editor") opens it with that molecule.
 */
export function OpenOnToolbarEvent() {
  useBrowserEvent('open2dViewer', () => layoutActions.show(EDITOR_WINDOW_ID));
  useBrowserEvent('openIn2dEditor', ({ smiles }) => {
    requestMolecule(smiles);
    layoutActions.show(EDITOR_WINDOW_ID);
  });
  return null;
}
