import { useBrowserEvent } from '../../lib/browser-events';
import { layoutActions } from '../../workspace/layout/layout-store';
import { diagramRequests } from './diagram-request';

/** The window's id in the layout (never rename: kept in local storage). */
export const DIAGRAM_WINDOW_ID = 'interactionDiagram';

/** `openInteractionDiagram` (the Docking Result's 2D button): remember the pose, open the 2D interaction window. */
export function OpenDiagramOnEvent() {
  useBrowserEvent('openInteractionDiagram', (detail) => {
    diagramRequests.set(detail?.fileId ? { fileId: detail.fileId } : null);
    layoutActions.show(DIAGRAM_WINDOW_ID);
  });
  return null;
}
