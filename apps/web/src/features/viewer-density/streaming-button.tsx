import type { ProjectFile } from '@medx/contract';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi } from '../../api/files';
import { fileIdFromTags } from '../../viewer/loaded-files';
import type { useToolbar } from '../../viewer/toolbar/toolbar-context';
import { guardStreaming, setStreamingProject, streamingStructureRef, streamMap } from './streaming-molstar';

type PluginLike = ReturnType<typeof useToolbar>['plugin'];

/** The first project file in the viewer (its cell carries `medx-file:<id>`), or 0. */
function firstFileId(plugin: PluginLike): number {
  for (const cell of plugin.state.data.cells.values()) {
    const id = fileIdFromTags(cell.transform.tags);
    if (id !== null) return id;
  }
  return 0;
}

/** The first loaded file id, read again when the state tree changes. */
function useFirstFileId(plugin: PluginLike): number {
  const [value, setValue] = useState(() => firstFileId(plugin));
  useEffect(() => {
    const sub = plugin.state.data.events.changed.subscribe(() => setValue(firstFileId(plugin)));
    setValue(firstFileId(plugin));
    return () => sub.unsubscribe();
  }, [plugin]);
  return value;
}

/**
 * Keeps Mol*'s Volume Streaming on our server: the guard from the start, the server of the
 * project the viewer's files belong to as soon as one is loaded (Structure Tools' Enable uses it).
 */
export function useStreamingSetup(plugin: PluginLike): void {
  const first = useFirstFileId(plugin);
  useEffect(() => guardStreaming(plugin), [plugin]);
  useEffect(() => {
    if (!first) return;
    let cancelled = false;
    void filesApi.get(first).then((answer) => {
      if (!cancelled && answer.success && answer.data) setStreamingProject(plugin, answer.data.project_id);
    });
    return () => {
      cancelled = true;
    };
  }, [plugin, first]);
}

/** "Stream" of a project map in the CCP4 popover: Mol*'s volume streaming around the one structure. */
export function StreamButton({
  plugin,
  projectId,
  file,
}: {
  plugin: PluginLike;
  projectId: number;
  file: ProjectFile;
}) {
  const { t } = useTranslation('density');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  async function stream() {
    const ref = streamingStructureRef(plugin);
    if (!ref) {
      message.warning(t('streaming.oneStructure'));
      return;
    }
    setBusy(true);
    try {
      await streamMap(plugin, ref, projectId, file.id);
      message.success(t('streaming.started', { name: file.name }));
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      message.error(
        text.includes('404') ? t('streaming.noData') : t('streaming.failed', { detail: text.slice(0, 200) }),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" loading={busy} onClick={() => void stream()} data-testid={`density-stream-${file.id}`}>
      {t('streaming.stream')}
    </Button>
  );
}
