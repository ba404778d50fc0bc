import { useBrowserEvent } from '../../lib/browser-events';
import { layoutActions } from '../../workspace/layout/layout-store';

/** Med View's 2D button asks for the 2D viewer (browser event open2dViewer): open the 2D WorkSpace. */
export function OpenOnToolbarEvent() {
  useBrowserEvent('open2dViewer', () => layoutActions.show('workspace2d'));
  return null;
}
