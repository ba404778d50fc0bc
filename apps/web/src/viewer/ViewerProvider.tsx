import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import { EMPTY_SNAPSHOT, type ViewerSnapshot } from './loaded-files';
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

const noSubscription = () => () => undefined;
const emptySnapshot = (): ViewerSnapshot => EMPTY_SNAPSHOT;

/** `useViewerSnapshot` that also works without a provider (then nothing is ever loaded). */
export function useOptionalViewerSnapshot(): ViewerSnapshot {
  const service = useContext(ViewerContext);
  return useSyncExternalStore(
    service?.subscribe ?? noSubscription,
    service?.snapshot ?? emptySnapshot,
    service?.snapshot ?? emptySnapshot,
  );
}

const noPlugin = () => null;

/** The workspace's Mol* plugin once Med View has started it (null before, and without a provider). */
export function useViewerPlugin(): PluginUIContext | null {
  const service = useContext(ViewerContext);
  return useSyncExternalStore(
    service?.subscribePlugin ?? noSubscription,
    service?.getPlugin ?? noPlugin,
    service?.getPlugin ?? noPlugin,
  );
}
