import { Spin } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LazyMedView } from './LazyMedView';
import { openProjectFile } from './open-file';
import { useViewer, useViewerSnapshot, ViewerProvider } from './ViewerProvider';
import type { ViewerService } from './viewer-service';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'error';

/** Loads `?file=<id>` once the viewer is up and reports how far it got (for browser tests). */
function FileLoader({ fileId }: { fileId: number | null }) {
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

  useEffect(() => {
    if (fileId === null) return;
    let cancelled = false;
    setStatus('loading');
    void openProjectFile(viewer, fileId).then((loaded) => {
      if (!cancelled) setStatus(loaded ? 'loaded' : 'error');
    });
    return () => {
      cancelled = true;
    };
  }, [viewer, fileId]);

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
      data-status={fileId === null ? 'no-file' : status}
      data-files={snapshot.files.map((f) => f.fileId).join(',')}
      data-structures={structures}
      data-representations={representations}
      style={{ position: 'absolute', right: 8, bottom: 8, zIndex: 10, fontSize: 12, opacity: 0.7 }}
    >
      {fileId === null ? t('test.noFile') : t(`test.status.${status}`, { id: fileId })}
    </div>
  );
}

/**
 * A hidden development page, not linked from anywhere: Med View full-size with one project
 * file (`/viewer-test?file=<id>`), loaded through the viewer service as the Entry List does.
 */
export function ViewerTestPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('file'));
  const fileId = Number.isInteger(raw) && raw > 0 ? raw : null;
  return (
    <ViewerProvider>
      <div style={{ position: 'fixed', inset: 0 }}>
        <Suspense fallback={<Spin style={{ position: 'absolute', inset: 0, margin: 'auto' }} />}>
          <LazyMedView />
        </Suspense>
        <FileLoader fileId={fileId} />
      </div>
    </ViewerProvider>
  );
}
