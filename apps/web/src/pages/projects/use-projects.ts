import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../api/client';
import { type ProjectListParams, projectsApi } from '../../api/projects';

export type ProjectTab = 'all' | 'owner' | 'shared' | 'recycled';

export const PROJECT_TABS: readonly ProjectTab[] = ['all', 'owner', 'shared', 'recycled'];

/** Spec §6: All sends nothing, Owner is_shared=false, Shared is_shared=true; the bin is our extension. */
export function listQueryFor(tab: ProjectTab, page: number, limit: number): ProjectListParams {
  switch (tab) {
    case 'owner':
      return { page, limit, is_shared: 'false' };
    case 'shared':
      return { page, limit, is_shared: 'true' };
    case 'recycled':
      return { page, limit, recycled: 'true' };
    default:
      return { page, limit };
  }
}

export function useProjectList(tab: ProjectTab, page: number, limit: number) {
  return useQuery({
    queryKey: ['projects', 'list', tab, page, limit],
    queryFn: async () => unwrap(await projectsApi.list(listQueryFor(tab, page, limit))),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every project list (and detail) after a change. */
export function useInvalidateProjects(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['projects'] });
}
