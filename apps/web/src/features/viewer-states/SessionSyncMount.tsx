import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { remoteStates } from '../../api/viewer-states';
import { useViewer, useViewerSnapshot } from '../../viewer/ViewerProvider';
import { useWorkspace, useWorkspaceEntries } from '../../workspace/workspace-context';
import { ensureDefaultEntry, openSnapshotObject } from './molstar-states';
import { SNAPSHOT_URL_PARAM } from './remote-address';
import { SessionSync } from './session-sync';
import { missingFileIds } from './snapshot-rules';
import { publishStatesProject, type StatesProject } from './states-context';
import { CACHE_EVERY_MS, SYNC_EVERY_MS } from './sync-decision';

/**
 * While a project is open: its viewer session is restored and kept in sync (session-sync.ts),
 * a `snapshot-url` in the address is opened once the session is, Ctrl with an arrow key stops
 * snapshot playback, and a state showing files the project no longer has says so.
 */
export function SessionSyncMount() {
  const { t } = useTranslation('states');
  const { message, modal } = App.useApp();
  const { project, readOnly } = useWorkspace();
  const service = useViewer();
  const [params, setParams] = useSearchParams();
  const snapshotUrl = useRef(params.get(SNAPSHOT_URL_PARAM));

  // biome-ignore lint/correctness/useExhaustiveDependencies: one sync per project and viewer; texts and toasts are read when used.
  useEffect(() => {
    let stopped = false;
    let sync: SessionSync | null = null;
    const timers: ReturnType<typeof setInterval>[] = [];
    let status: Pick<StatesProject, 'sync' | 'syncedAt'> = { sync: 'loading', syncedAt: null };
    const publish = () =>
      publishStatesProject(service, {
        projectId: project.id,
        readOnly,
        ...status,
        syncNow: () => sync?.sync() ?? Promise.resolve(),
      });
    publish();
    const onLeave = () => {
      if (document.visibilityState === 'hidden') sync?.leave();
    };
    const onPageHide = () => sync?.leave();

    void service.whenReady().then(async (plugin) => {
      if (stopped) return;
      sync = new SessionSync(plugin, project.id, readOnly, {
        failed: (detail) => {
          console.warn('viewer session sync failed', detail);
          message.error(t('syncFailed'));
        },
        conflict: () =>
          new Promise<boolean>((resolve) => {
            modal.confirm({
              title: t('conflict.title'),
              content: t('conflict.body'),
              okText: t('conflict.load'),
              cancelText: t('conflict.keep'),
              onOk: () => resolve(true),
              onCancel: () => resolve(false),
            });
          }),
        conflictOnLoad: () => message.warning(t('conflict.onLoad')),
        unreadable: () => message.error(t('sessionUnreadable')),
        status: (next, syncedAt) => {
          status = { sync: next, syncedAt: syncedAt ?? status.syncedAt };
          publish();
        },
      });
      await sync.load();
      if (stopped) return;
      timers.push(setInterval(() => void sync?.cacheNow().catch(() => undefined), CACHE_EVERY_MS));
      timers.push(setInterval(() => void sync?.sync(), SYNC_EVERY_MS));
      // A shared view: opened after the session, so the session does not cover it.
      const url = snapshotUrl.current;
      if (url) {
        snapshotUrl.current = null;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(SNAPSHOT_URL_PARAM);
            return next;
          },
          { replace: true },
        );
        try {
          const state = await remoteStates.get(url);
          await openSnapshotObject(plugin, state.data);
          ensureDefaultEntry(plugin);
          message.success(t('remote.opened', { name: state.name ?? '' }));
        } catch (error) {
          message.error(t('remote.openFailed', { detail: error instanceof Error ? error.message : String(error) }));
        }
      }
    });
    document.addEventListener('visibilitychange', onLeave);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onLeave);
      window.removeEventListener('pagehide', onPageHide);
      for (const timer of timers) clearInterval(timer);
      // Leaving the project inside the app: one last save.
      sync?.leave();
      sync?.dispose();
      publishStatesProject(service, null);
    };
  }, [service, project.id, readOnly]);

  useStopPlaybackKeys();
  useMissingFilesNotice();
  return null;
}

/** Spec §4: Ctrl with an arrow key stops snapshot playback. */
function useStopPlaybackKeys() {
  const service = useViewer();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.ctrlKey || !event.key.startsWith('Arrow')) return;
      const manager = service.current?.managers.snapshot;
      if (manager?.state.isPlaying) void manager.stop();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [service]);
}

/** A state that shows files deleted from the project says so once; the viewer shows the state's own copies. */
function useMissingFilesNotice() {
  const { t } = useTranslation('states');
  const { message } = App.useApp();
  const { rows, loading } = useWorkspaceEntries();
  const { files } = useViewerSnapshot();
  const told = useRef('');
  useEffect(() => {
    if (loading) return;
    const inProject = new Set<number>();
    for (const row of rows) {
      if (row.kind === 'file') inProject.add(row.id);
      else for (const child of row.children ?? []) inProject.add(child.id);
    }
    const missing = missingFileIds(
      files.map((f) => f.fileId),
      inProject,
    );
    const key = missing.join(',');
    if (key === told.current) return;
    told.current = key;
    if (missing.length === 0) return;
    const names = files.filter((f) => missing.includes(f.fileId)).map((f) => f.label);
    message.warning(t('missingFiles', { names: [...new Set(names)].join(', ') }));
  }, [rows, loading, files, message, t]);
}
