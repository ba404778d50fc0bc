import { useQuery } from '@tanstack/react-query';
import { toolsApi } from '../../api/tools';
import { useWorkflowCatalogue } from '../../api/workflows';
import { fromPanelItem, fromWorkflowItem, type GuideItem } from './catalogue';

/** Query keys of the tools' calls. */
export const toolsKey = ['tools'] as const;

/** The catalogue as guide items; a failed call is an empty list (spec §7). */
export function useToolPanel(enabled = true) {
  return useQuery({
    queryKey: [...toolsKey, 'panel'],
    enabled,
    staleTime: 60_000,
    queryFn: async (): Promise<GuideItem[]> => {
      const answer = await toolsApi.panel();
      return answer.success && Array.isArray(answer.data) ? answer.data.map(fromPanelItem) : [];
    },
  });
}

/** The Tool guide's cards: the tools, and the workflows (spec §3: wf_ ids, marked, sorted first). */
export function useGuideItems(): { data: GuideItem[] | undefined; isPending: boolean } {
  const panel = useToolPanel();
  const workflows = useWorkflowCatalogue();
  const workflowItems = (workflows.data ?? []).flatMap((group) => group.items).map(fromWorkflowItem);
  return {
    data: panel.data ? [...workflowItems, ...panel.data] : undefined,
    isPending: panel.isPending,
  };
}
