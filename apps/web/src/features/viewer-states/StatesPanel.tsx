import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { App, Button, Divider, Empty, Form, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { PluginReactContext } from 'molstar/lib/mol-plugin-ui/base';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { Markdown } from 'molstar/lib/mol-plugin-ui/controls/markdown';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToolbar } from '../../viewer/toolbar/toolbar-context';
import { useOptionalViewer } from '../../viewer/ViewerProvider';
import {
  addEntry,
  applyEntry,
  type Entry,
  ensureDefaultEntry,
  entriesOf,
  openStateFile,
  replaceEntry,
  StateFileError,
  serializeState,
} from './molstar-states';
import { RemoteStates } from './RemoteStates';
import {
  type EntryAction,
  entryActions,
  isDefaultEntry,
  keyError,
  nameError,
  type SaveFormat,
  STATE_NAME_MAX,
  stateFileName,
} from './snapshot-rules';
import { useStatesProject } from './states-context';

/** Re-renders on every change of Mol*'s snapshot list. */
function useSnapshotEntries(plugin: PluginUIContext): { entries: Entry[]; current: string | undefined } {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const sub = plugin.managers.snapshot.events.changed.subscribe(() => bump());
    return () => sub.unsubscribe();
  }, [plugin]);
  return { entries: entriesOf(plugin), current: plugin.managers.snapshot.state.current };
}

interface EntryForm {
  name: string;
  key: string;
  description: string;
}

const EMPTY_FORM: EntryForm = { name: '', key: '', description: '' };

/** The add and update form: name (required, ≤ 30, unique, not "default"), optional unique key, markdown description. */
function EntryEditor({
  entries,
  editing,
  onDone,
  onCancel,
}: {
  entries: Entry[];
  editing?: Entry;
  onDone: (form: EntryForm) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('states');
  const [form, setForm] = useState<EntryForm>(
    editing ? { name: editing.name ?? '', key: editing.key ?? '', description: editing.description ?? '' } : EMPTY_FORM,
  );
  const [touched, setTouched] = useState(false);
  const list = entries.map((e) => ({ id: e.snapshot.id, name: e.name, key: e.key }));
  const nameProblem = nameError(form.name, list, editing?.snapshot.id);
  const keyProblem = keyError(form.key, list, editing?.snapshot.id);
  const prefix = editing ? 'state-edit' : 'state-add';
  const submit = () => {
    setTouched(true);
    if (nameProblem || keyProblem) return;
    onDone(form);
    if (!editing) {
      setForm(EMPTY_FORM);
      setTouched(false);
    }
  };
  return (
    <Form layout="vertical" size="small" onFinish={submit} data-testid={`${prefix}-form`}>
      <Form.Item
        label={t('form.name')}
        required
        validateStatus={touched && nameProblem ? 'error' : undefined}
        help={touched && nameProblem ? t(`rules.${nameProblem}`) : undefined}
        style={{ marginBottom: 8 }}
      >
        <Input
          value={form.name}
          maxLength={STATE_NAME_MAX}
          showCount
          onChange={(e) => {
            setForm({ ...form, name: e.target.value });
            setTouched(true);
          }}
          data-testid={`${prefix}-name`}
          autoFocus={Boolean(editing)}
        />
      </Form.Item>
      <Form.Item
        label={t('form.key')}
        validateStatus={keyProblem ? 'error' : undefined}
        help={keyProblem ? t(`rules.${keyProblem}`) : undefined}
        style={{ marginBottom: 8 }}
      >
        <Input
          value={form.key}
          placeholder={t('form.keyHint')}
          onChange={(e) => setForm({ ...form, key: e.target.value })}
          data-testid={`${prefix}-key`}
        />
      </Form.Item>
      <Form.Item label={t('form.description')} extra={t('form.descriptionHint')} style={{ marginBottom: 8 }}>
        <Input.TextArea
          value={form.description}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          data-testid={`${prefix}-description`}
        />
      </Form.Item>
      <Space>
        <Button
          type="primary"
          htmlType="submit"
          disabled={Boolean(keyProblem) || (touched && Boolean(nameProblem))}
          data-testid={`${prefix}-submit`}
        >
          {editing ? t('form.apply') : t('form.add')}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} data-testid={`${prefix}-cancel`}>
            {t('form.cancel')}
          </Button>
        )}
      </Space>
    </Form>
  );
}

function EntryRow({
  plugin,
  entry,
  index,
  entries,
  current,
  onEdit,
}: {
  plugin: PluginUIContext;
  entry: Entry;
  index: number;
  entries: Entry[];
  current: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation('states');
  const { message } = App.useApp();
  const actions = entryActions(
    entry,
    index,
    entries.map((e) => ({ id: e.snapshot.id, name: e.name, key: e.key })),
  );
  const id = entry.snapshot.id;
  const name = entry.name ?? new Date(entry.timestamp).toLocaleString();
  const run = async (action: EntryAction, work: () => void | Promise<void>) => {
    if (!plugin.managers.snapshot.getEntry(id)) {
      message.error(t('messages.notFound'));
      return;
    }
    try {
      await work();
    } catch (error) {
      console.error(error);
      message.error(t(`messages.${action}Failed`));
    }
  };
  const manager = plugin.managers.snapshot;
  const button = (action: EntryAction, title: string, icon: React.ReactNode, work: () => void | Promise<void>) =>
    actions.has(action) ? (
      <Tooltip title={title}>
        <Button
          size="small"
          type="text"
          icon={icon}
          aria-label={title}
          data-testid={`state-${action}-${name}`}
          onClick={() => void run(action, work)}
        />
      </Tooltip>
    ) : null;
  return (
    <li
      data-testid={`state-row-${name}`}
      data-current={current ? 'true' : 'false'}
      style={{
        listStyle: 'none',
        padding: '4px 6px',
        borderRadius: 4,
        background: current ? 'rgba(22,119,255,0.08)' : undefined,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }}>
          {name}
          {isDefaultEntry(entry) && (
            <Tag style={{ marginLeft: 6 }} bordered={false}>
              {t('builtIn')}
            </Tag>
          )}
          {entry.key && (
            <Tag color="blue" style={{ marginLeft: 6 }} bordered={false}>
              #{entry.key}
            </Tag>
          )}
        </Typography.Text>
        {button('apply', t('actions.apply'), <CheckOutlined />, () => applyEntry(plugin, id))}
        {button('update', t('actions.update'), <EditOutlined />, onEdit)}
        {button('replace', t('actions.replace'), <SwapOutlined />, () => {
          replaceEntry(plugin, id);
          message.success(t('messages.replaced', { name }));
        })}
        {button('up', t('actions.up'), <ArrowUpOutlined />, () => manager.move(id, -1))}
        {button('down', t('actions.down'), <ArrowDownOutlined />, () => manager.move(id, 1))}
        {button('remove', t('actions.remove'), <DeleteOutlined />, () => manager.remove(id))}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {new Date(entry.timestamp).toLocaleString()}
      </Typography.Text>
      {entry.description && (
        <div style={{ fontSize: 12 }} data-testid={`state-description-${name}`}>
          <Markdown>{entry.description}</Markdown>
        </div>
      )}
    </li>
  );
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Save as .medj / .med / .molx, and open a state file. */
function StateFiles({ plugin }: { plugin: PluginUIContext }) {
  const { t } = useTranslation('states');
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (format: SaveFormat) => {
    try {
      download(await serializeState(plugin, format), stateFileName(format, new Date()));
      message.success(t('files.saved'));
    } catch (error) {
      console.error(error);
      message.error(t('files.saveFailed'));
    }
  };
  const open = async () => {
    if (!file) {
      message.error(t('files.noFile'));
      return;
    }
    setBusy(true);
    try {
      await openStateFile(plugin, file);
      ensureDefaultEntry(plugin);
      message.success(t('files.opened', { name: file.name }));
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      message.error(
        error instanceof StateFileError && error.reason === 'type'
          ? t('files.wrongType')
          : t('files.corrupt', { name: file.name }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="state-files">
      <Typography.Text type="secondary">{t('files.saveAs')}</Typography.Text>
      <Space wrap style={{ display: 'flex', margin: '4px 0 8px' }}>
        <Button size="small" onClick={() => void save('medj')} data-testid="state-save-medj">
          {t('files.medj')}
        </Button>
        <Button size="small" onClick={() => void save('med')} data-testid="state-save-med">
          {t('files.med')}
        </Button>
        <Button size="small" onClick={() => void save('molx')} data-testid="state-save-molx">
          {t('files.molx')}
        </Button>
      </Space>
      <Space.Compact style={{ width: '100%' }}>
        <input
          ref={input}
          type="file"
          accept=".molx,.medj,.med"
          aria-label={t('files.choose')}
          data-testid="state-open-input"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          style={{ flex: 1, minWidth: 0, fontSize: 12 }}
        />
        <Button size="small" type="primary" loading={busy} onClick={() => void open()} data-testid="state-open">
          {t('files.open')}
        </Button>
      </Space.Compact>
    </div>
  );
}

function SyncLine() {
  const { t } = useTranslation('states');
  const project = useStatesProject(useOptionalViewer());
  if (!project) return null;
  if (project.readOnly)
    return (
      <Typography.Text type="secondary" data-testid="state-sync" data-sync={project.sync} data-read-only="true">
        {project.sync === 'loading' ? t('sync.loading') : t('sync.readOnly')}
      </Typography.Text>
    );
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Typography.Text type="secondary" data-testid="state-sync" data-sync={project.sync} style={{ flex: 1 }}>
        {project.sync === 'synced' && project.syncedAt
          ? t('sync.synced', { time: new Date(project.syncedAt).toLocaleTimeString() })
          : t(`sync.${project.sync}`)}
      </Typography.Text>
      <Button
        size="small"
        loading={project.sync === 'syncing'}
        onClick={() => void project.syncNow()}
        data-testid="state-sync-now"
      >
        {t('sync.now')}
      </Button>
    </div>
  );
}

/** The State panel (viewer spec §2 "State panel"): saved states, files, the session and remote states. */
export function StatesPanel() {
  const { t } = useTranslation('states');
  const { message } = App.useApp();
  const { plugin } = useToolbar();
  const { entries, current } = useSnapshotEntries(plugin);
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => {
    ensureDefaultEntry(plugin);
  }, [plugin]);
  const editingEntry = editing ? entries.find((e) => e.snapshot.id === editing) : undefined;
  return (
    <PluginReactContext.Provider value={plugin}>
      <div
        style={{
          width: 400,
          maxWidth: 'calc(100vw - 48px)',
          // Below the toolbar, the panel scrolls within the window (the saved list itself stops at 600 px).
          maxHeight: 'calc(100vh - 160px)',
          overflowY: 'auto',
          paddingRight: 4,
        }}
        data-testid="states-panel"
      >
        <SyncLine />
        <Divider titlePlacement="start" plain style={{ margin: '8px 0' }}>
          {t('saved')}
        </Divider>
        {entries.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        ) : (
          <ul style={{ maxHeight: 600, overflowY: 'auto', margin: 0, padding: 0 }} data-testid="state-list">
            {entries.map((entry, index) =>
              editingEntry && entry === editingEntry ? (
                <li key={entry.snapshot.id} style={{ listStyle: 'none', padding: 6 }}>
                  <EntryEditor
                    entries={entries}
                    editing={entry}
                    onCancel={() => setEditing(null)}
                    onDone={(form) => {
                      try {
                        plugin.managers.snapshot.update(entry, {
                          name: form.name,
                          key: form.key,
                          description: form.description,
                          descriptionFormat: 'markdown',
                        });
                      } catch {
                        message.error(t('messages.updateFailed'));
                      }
                      setEditing(null);
                    }}
                  />
                </li>
              ) : (
                <EntryRow
                  key={entry.snapshot.id}
                  plugin={plugin}
                  entry={entry}
                  index={index}
                  entries={entries}
                  current={entry.snapshot.id === current}
                  onEdit={() => setEditing(entry.snapshot.id)}
                />
              ),
            )}
          </ul>
        )}
        <Divider titlePlacement="start" plain style={{ margin: '8px 0' }}>
          {t('addTitle')}
        </Divider>
        <EntryEditor
          entries={entries}
          onDone={(form) => {
            addEntry(plugin, form);
            message.success(t('messages.added', { name: form.name.trim() }));
          }}
        />
        <Divider titlePlacement="start" plain style={{ margin: '8px 0' }}>
          {t('files.title')}
        </Divider>
        <StateFiles plugin={plugin} />
        <RemoteStates plugin={plugin} />
      </div>
    </PluginReactContext.Provider>
  );
}
