import { Spin } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LazyMedView } from './LazyMedView';
import { openProjectFile } from './open-file';
import { useViewer, useViewerSnapshot, ViewerProvider } from './ViewerProvider';
import type { ViewerService } from './viewer-service';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'error';

/**
 * Loads `?file=<id>[,<id>…]` once the viewer is up, one file after another as the Entry List's
 * In buttons would, and reports how far it got (for browser tests and bench:viewer).
 */
function FileLoader({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation('viewer');
  const viewer = useViewer();
  const snapshot = useViewerSnapshot();
  const [status, setStatus] = useState<LoadStatus>('idle');
  const [representations, setRepresentations] = useState(0);

  // Browser tests drive the service directly on this page (hide, show, reload, remove).
  useEffect(() => {
    (window as { medxViewer?: ViewerService }).medxViewer = viewer;
    return () => {
      delete (window as { medxViewer?: ViewerService }).medxViewer;
    };
  }, [viewer]);

  const key = fileIds.join(',');
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    setStatus('loading');
    void (async () => {
      for (const id of key.split(',').map(Number)) {
        if (cancelled) return;
        if (!(await openProjectFile(viewer, id))) {
          if (!cancelled) setStatus('error');
          return;
        }
      }
      if (!cancelled) setStatus('loaded');
    })();
    return () => {
      cancelled = true;
    };
  }, [viewer, key]);

  // How many visuals the canvas holds: a loaded structure with none would be a blank picture.
  useEffect(() => {
    let sub: { unsubscribe(): void } | undefined;
    let stopped = false;
    // The canvas exists only once Mol*'s viewport has mounted, after the plugin is attached.
    void viewer
      .whenReady()
      .then(async (plugin) => {
        await plugin.canvas3dInitialized;
        return plugin;
      })
      .then((plugin) => {
        if (stopped) return;
        sub = plugin.canvas3d?.reprCount.subscribe((count) => setRepresentations(count));
      });
    return () => {
      stopped = true;
      sub?.unsubscribe();
    };
  }, [viewer]);

  const structures = viewer.current?.managers.structure.hierarchy.current.structures.length ?? 0;
  return (
    <div
      data-testid="viewer-test-status"
      data-status={key ? status : 'no-file'}
      data-files={snapshot.files.map((f) => f.fileId).join(',')}
      data-structures={structures}
      data-representations={representations}
      style={{ position: 'absolute', right: 8, bottom: 8, zIndex: 10, fontSize: 12, opacity: 0.7 }}
    >
      {key ? t(`test.status.${status}`, { id: key }) : t('test.noFile')}
    </div>
  );
}

/** The positive integer ids of `?file=`, a comma-separated list; none when any is malformed. */
export function fileIdsFromQuery(value: string | null): number[] {
  const ids = (value ?? '').split(',').map(Number);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : [];
}

/**
 * A hidden development page, not linked from anywhere: Med View full-size with project files
 * (`/viewer-test?file=<id>[,<id>…]`), loaded through the viewer service as the Entry List does.
 */
export function ViewerTestPage() {
  const [params] = useSearchParams();
  const fileIds = fileIdsFromQuery(params.get('file'));
  return (
    <ViewerProvider>
      <div style={{ position: 'fixed', inset: 0 }}>
        <Suspense fallback={<Spin style={{ position: 'absolute', inset: 0, margin: 'auto' }} />}>
          <LazyMedView />
        </Suspense>
        <FileLoader fileIds={fileIds} />
      </div>
    </ViewerProvider>
  );
}
