import type { ProjectRole } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';

export interface WorkspaceProject {
  id: number;
  name: string;
  role: ProjectRole;
}

export interface WorkspaceContextValue {
  project: WorkspaceProject;
  /** READ_ONLY members may look but not change (spec §5/§6: the editor's Update is disabled). */
  readOnly: boolean;
  /** Reloads the project's entry tree and every file list after a change. */
  refresh: () => Promise<void>;
}

const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

/** Query keys of the files lists (the project file picker). */
export const filesKey = ['files'] as const;

export function WorkspaceProvider({ project, children }: { project: WorkspaceProject; children: ReactNode }) {
  const queryClient = useQueryClient();
  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['projects', 'detail'] }),
      queryClient.invalidateQueries({ queryKey: filesKey }),
    ]);
  }, [queryClient]);
  const value = useMemo(() => ({ project, readOnly: project.role === 'READ_ONLY', refresh }), [project, refresh]);
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace needs a <WorkspaceProvider>');
  return value;
}
