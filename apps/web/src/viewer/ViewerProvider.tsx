import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import type { ViewerSnapshot } from './loaded-files';
import { ViewerService } from './viewer-service';

const ViewerContext = createContext<ViewerService | null>(null);

/**
 * One viewer service for a subtree: <MedView> attaches its plugin to it, the Entry List and
 * the toolbars call it. Holds no Mol* code, so it can sit above the lazily loaded viewer.
 */
export function ViewerProvider({ children, service }: { children: ReactNode; service?: ViewerService }) {
  const [own] = useState(() => service ?? new ViewerService());
  return <ViewerContext.Provider value={service ?? own}>{children}</ViewerContext.Provider>;
}

/** The surrounding ViewerProvider's service. */
export function useViewer(): ViewerService {
  const service = useContext(ViewerContext);
  if (!service) throw new Error('useViewer() needs a <ViewerProvider> above it');
  return service;
}

/** The service when there is a provider (MedView also works on its own). */
export function useOptionalViewer(): ViewerService | null {
  return useContext(ViewerContext);
}

/** Loaded files (with visibility) and files being loaded; re-renders when either changes. */
export function useViewerSnapshot(): ViewerSnapshot {
  const service = useViewer();
  return useSyncExternalStore(service.subscribe, service.snapshot, service.snapshot);
}
