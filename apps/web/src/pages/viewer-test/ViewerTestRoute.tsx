import { WORKSPACE_FEATURES } from '../../features';
import { ToolbarItemsContext } from '../../viewer/toolbar/toolbar-extensions';
import { ViewerTestPage } from '../../viewer/ViewerTestPage';
import { viewerToolbarItems } from '../../workspace/registry/registry';

const TOOLBAR_ITEMS = viewerToolbarItems(WORKSPACE_FEATURES);

/** /viewer-test (e2e): the viewer test page with the same toolbar items as the workspace's Med View. */
export function ViewerTestRoute() {
  return (
    <ToolbarItemsContext.Provider value={TOOLBAR_ITEMS}>
      <ViewerTestPage />
    </ToolbarItemsContext.Provider>
  );
}
