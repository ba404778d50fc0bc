import { CloudUploadOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { type RemoteStateEntry, VIEWER_LIMITS } from '@medx/contract';
import { App, Button, Checkbox, Divider, Empty, Input, Space, Spin, Tooltip, Typography } from 'antd';
import { PluginConfig } from 'molstar/lib/mol-plugin/config';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { remoteStates, viewerStatesApi } from '../../api/viewer-states';
import { useOptionalViewer } from '../../viewer/ViewerProvider';
import { ensureDefaultEntry, openSnapshotObject, stateWithLiveView } from './molstar-states';
import { SNAPSHOT_URL_PARAM } from './remote-address';
import { useStatesProject } from './states-context';

/** An address the user typed instead of the project's own, remembered per project (spec §7). */
const serverKey = (projectId: number) => `medx-remote-state-server:${projectId}`;

interface ServerInfo {
  url: string;
  canWrite: boolean;
  /** The project's own address (not one the user typed). */
  own: boolean;
}

/** The project's remote states (viewer spec §2 "Remote States list"; §7 "Remote states"). */
export function RemoteStates({ plugin }: { plugin: PluginUIContext }) {
  const project = useStatesProject(useOptionalViewer());
  if (!project) return null;
  return <RemoteStatesOf plugin={plugin} projectId={project.projectId} readOnly={project.readOnly} />;
}

function RemoteStatesOf({
  plugin,
  projectId,
  readOnly,
}: {
  plugin: PluginUIContext;
  projectId: number;
  readOnly: boolean;
}) {
  const { t } = useTranslation('states');
  const { message } = App.useApp();
  const [server, setServer] = useState<ServerInfo | null>(null);
  const [address, setAddress] = useState('');
  const [items, setItems] = useState<RemoteStateEntry[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [playOnLoad, setPlayOnLoad] = useState(false);
  const [uploading, setUploading] = useState(false);

  const refresh = useCallback(
    async (url: string) => {
      setLoading(true);
      try {
        setItems(await remoteStates.list(url));
      } catch (error) {
        console.warn('remote states', error);
        message.error(t('remote.fetchFailed'));
        setItems([]);
      } finally {
        setLoading(false);
      }
    },
    [message, t],
  );

  const use = useCallback(
    (info: ServerInfo) => {
      setServer(info);
      setAddress(info.url);
      // Mol*'s own remembered address (PluginConfig.State.CurrentServer) follows ours.
      plugin.config.set(PluginConfig.State.CurrentServer, info.url);
      void refresh(info.url);
    },
    [plugin, refresh],
  );

  useEffect(() => {
    let live = true;
    const typed = localStorage.getItem(serverKey(projectId));
    if (typed) {
      use({ url: typed, canWrite: !readOnly, own: false });
      return;
    }
    void viewerStatesApi.stateServer(projectId).then((answer) => {
      if (!live) return;
      if (!answer.success) {
        message.error(answer.msg || t('remote.fetchFailed'));
        setItems([]);
        return;
      }
      plugin.config.set(PluginConfig.State.DefaultServer, answer.data.server_url);
      use({ url: answer.data.server_url, canWrite: answer.data.can_write, own: true });
    });
    return () => {
      live = false;
    };
  }, [projectId, readOnly, plugin, use, message, t]);

  const applyAddress = async () => {
    const typed = address.trim().replace(/\/+$/, '');
    if (!typed || typed === plugin.config.get(PluginConfig.State.DefaultServer)) {
      localStorage.removeItem(serverKey(projectId));
      const answer = await viewerStatesApi.stateServer(projectId);
      if (answer.success) use({ url: answer.data.server_url, canWrite: answer.data.can_write, own: true });
      return;
    }
    localStorage.setItem(serverKey(projectId), typed);
    use({ url: typed, canWrite: !readOnly, own: false });
  };

  const open = async (entry: RemoteStateEntry) => {
    if (!server) return;
    try {
      const state = await remoteStates.get(remoteStates.getUrl(server.url, entry.id));
      await openSnapshotObject(plugin, state.data);
      ensureDefaultEntry(plugin);
      message.success(t('remote.opened', { name: entry.name }));
    } catch (error) {
      message.error(t('remote.openFailed', { detail: error instanceof Error ? error.message : String(error) }));
    }
  };

  /** Right-click: the same workspace in a new tab, which opens the state (snapshot-url). */
  const openInTab = (entry: RemoteStateEntry) => {
    if (!server) return;
    const url = new URL(window.location.href);
    url.searchParams.set(SNAPSHOT_URL_PARAM, remoteStates.getUrl(server.url, entry.id));
    window.open(url.toString(), '_blank', 'noopener');
  };

  /** Spec §4: removed from the list, then its removeUrl is called; a failure there is only logged. */
  const remove = (entry: RemoteStateEntry) => {
    if (!server) return;
    setItems((list) => (list ? list.filter((e) => e.id !== entry.id) : list));
    remoteStates.remove(remoteStates.removeUrl(server.url, entry.id)).catch((error) => {
      console.warn('remote state remove failed', error);
    });
  };

  const upload = async () => {
    if (!server) return;
    setUploading(true);
    try {
      const snapshot = await stateWithLiveView(plugin);
      snapshot.playback = { ...snapshot.playback, isPlaying: playOnLoad };
      await remoteStates.upload(
        server.url,
        { name: name.trim(), description: description.trim(), playOnLoad },
        snapshot,
      );
      message.success(t('remote.uploaded'));
      setName('');
      setDescription('');
      await refresh(server.url);
    } catch (error) {
      message.error(t('remote.uploadFailed', { detail: error instanceof Error ? error.message : String(error) }));
    } finally {
      setUploading(false);
    }
  };

  const canWrite = server?.canWrite ?? false;
  return (
    <div data-testid="remote-states">
      <Divider titlePlacement="start" plain style={{ margin: '8px 0' }}>
        {t('remote.title')}
      </Divider>
      <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
        <Input
          size="small"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          onPressEnter={() => void applyAddress()}
          aria-label={t('remote.server')}
          placeholder={t('remote.server')}
          data-testid="remote-server"
        />
        <Tooltip title={t('remote.refresh')}>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('remote.refresh')}
            onClick={() => void applyAddress()}
            data-testid="remote-refresh"
          />
        </Tooltip>
      </Space.Compact>
      {canWrite && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 8 }}>
          <Input
            size="small"
            value={name}
            maxLength={VIEWER_LIMITS.stateNameMax}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('remote.name')}
            aria-label={t('remote.name')}
            data-testid="remote-name"
          />
          <Input
            size="small"
            value={description}
            maxLength={VIEWER_LIMITS.stateDescriptionMax}
            onChange={(e) => setDescription(e.target.value)}
            placeholder={t('remote.description')}
            aria-label={t('remote.description')}
            data-testid="remote-description"
          />
          <div style={{ display: 'flex', alignItems: 'center' }}>
            <Checkbox checked={playOnLoad} onChange={(e) => setPlayOnLoad(e.target.checked)} data-testid="remote-play">
              {t('remote.playOnLoad')}
            </Checkbox>
            <span style={{ flex: 1 }} />
            <Button
              size="small"
              type="primary"
              icon={<CloudUploadOutlined />}
              loading={uploading}
              onClick={() => void upload()}
              data-testid="remote-upload"
            >
              {t('remote.upload')}
            </Button>
          </div>
        </div>
      )}
      {!canWrite && server && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="remote-read-only">
          {t('remote.readOnly')}
        </Typography.Text>
      )}
      <Spin spinning={loading}>
        {items && items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('remote.empty')} />}
        {items && items.length > 0 && (
          <ul
            style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 240, overflowY: 'auto' }}
            data-testid="remote-list"
          >
            {items.map((entry) => (
              <li key={entry.id} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                <Button
                  size="small"
                  type="text"
                  style={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', overflow: 'hidden' }}
                  title={t('remote.openHint')}
                  onClick={() => void open(entry)}
                  onContextMenu={(e) => {
                    e.preventDefault();
                    openInTab(entry);
                  }}
                  data-testid={`remote-state-${entry.name}`}
                >
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {entry.name || new Date(entry.timestamp).toLocaleString()}{' '}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {entry.description}
                    </Typography.Text>
                  </span>
                </Button>
                {canWrite && !entry.isSticky && (
                  <Tooltip title={t('remote.remove')}>
                    <Button
                      size="small"
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('remote.remove')}
                      onClick={() => remove(entry)}
                      data-testid={`remote-remove-${entry.name}`}
                    />
                  </Tooltip>
                )}
              </li>
            ))}
          </ul>
        )}
      </Spin>
    </div>
  );
}
