import type { ProjectRole } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import type { EntryRow } from './entry-rows';

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

/** The project's entry tree (the Entry List's rows) and whether its first load is under way. */
export interface WorkspaceEntries {
  rows: EntryRow[];
  loading: boolean;
}

const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);
// Apart from the project, so that a refetch of the files re-renders only the windows that list them.
const EntriesContext = createContext<WorkspaceEntries>({ rows: [], loading: false });

/** Query keys of the files lists (the project file picker). */
export const filesKey = ['files'] as const;

interface WorkspaceProviderProps {
  project: WorkspaceProject;
  /** Left out in tests of single windows: no entries. */
  entries?: WorkspaceEntries;
  children: ReactNode;
}

const NO_ENTRIES: WorkspaceEntries = { rows: [], loading: false };

export function WorkspaceProvider({ project, entries = NO_ENTRIES, children }: WorkspaceProviderProps) {
  const queryClient = useQueryClient();
  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['projects', 'detail'] }),
      queryClient.invalidateQueries({ queryKey: filesKey }),
    ]);
  }, [queryClient]);
  const value = useMemo(() => ({ project, readOnly: project.role === 'READ_ONLY', refresh }), [project, refresh]);
  return (
    <WorkspaceContext.Provider value={value}>
      <EntriesContext.Provider value={entries}>{children}</EntriesContext.Provider>
    </WorkspaceContext.Provider>
  );
}

export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace needs a <WorkspaceProvider>');
  return value;
}

/** The project's entries, as the page loaded them. */
export const useWorkspaceEntries = (): WorkspaceEntries => useContext(EntriesContext);
