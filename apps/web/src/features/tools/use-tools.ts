import { useQuery } from '@tanstack/react-query';
import { toolsApi } from '../../api/tools';
import { fromPanelItem, type GuideItem } from './catalogue';

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
