import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { withTool, withWorkflow } from '../../workspace/layout/query-values';
import { type GuideItem, workflowIdOf } from './catalogue';
import { toolUi } from './tool-ui';

/**
 * Spec §4 Tool access check, in the workspace: a denied tool opens the no-licence reminder; a
 * permitted one closes the guide and sets ?tool= (removing ?workflow=), which un-hides the tool
 * window; a workflow card sets ?workflow= instead (removing ?tool=). An unavailable tool does nothing (its card and row are disabled). True when opened.
 */
export function useOpenTool(): (item: GuideItem) => boolean {
  const [, setParams] = useSearchParams();
  return useCallback(
    (item: GuideItem) => {
      if (!item.available) return false;
      if (!item.allowed) {
        toolUi.openNoLicence();
        return false;
      }
      // The workspace page opens the tool window when ?tool= appears (showing it first, before the
      // address changed, would let the page close it again for want of the value).
      setParams((current) =>
        item.isWorkflow ? withWorkflow(current, workflowIdOf(item)) : withTool(current, item.id),
      );
      toolUi.closeGuide();
      return true;
    },
    [setParams],
  );
}
