import { DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import type { ProjectFile } from '@medx/contract';
import {
  App,
  Button,
  ColorPicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Slider,
  Space,
  Spin,
  Typography,
  Upload,
} from 'antd';
import { PluginCommands } from 'molstar/lib/mol-plugin/commands';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { densityApi } from '../../api/density';
import { filesApi } from '../../api/files';
import { uploadFile } from '../../api/uploads';
import { fileIdFromTags } from '../../viewer/loaded-files';
import { useToolbar } from '../../viewer/toolbar/toolbar-context';
import {
  addDensityLayer,
  type DensityLayer,
  densityLayers,
  focusBounds,
  removeDensityLayer,
  selectedResiduesByFile,
  updateDensityLayer,
} from './density-molstar';
import { addLazyVolume, VOLUME_FILE_TYPES, volumeFormatOf } from './lazy-volume';
import {
  CARVE,
  clampCarve,
  clampSize,
  DEFAULT_COLOR,
  densityProblem,
  isMapFile,
  layerLabel,
  type SelectionByFile,
  SIZE,
} from './rules';
import { StreamButton } from './streaming-button';

interface FormValues {
  map?: number;
  name?: string;
  carve?: number | null;
  color: string;
  size: number;
}

type PluginLike = ReturnType<typeof useToolbar>['plugin'];

/** Project file ids in the viewer (their cells carry `medx-file:<id>`). */
function loadedFileIds(plugin: PluginLike): number[] {
  const ids: number[] = [];
  for (const cell of plugin.state.data.cells.values()) {
    const id = fileIdFromTags(cell.transform.tags);
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** Re-reads `read` whenever the state tree or the selection changes. */
function usePluginValue<T>(plugin: PluginLike, read: () => T): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const refresh = () => setValue(read());
    const subs = [
      plugin.state.data.events.changed.subscribe(refresh),
      plugin.managers.structure.selection.events.changed.subscribe(refresh),
    ];
    refresh();
    return () => {
      for (const s of subs) s.unsubscribe();
    };
  }, [plugin, read]);
  return value;
}

/**
 * The CCP4 map popover (viewer spec §2, §3 "CCP4 map layer", §5 "CCP4 map dialog", §9): a map of
 * the project (or one uploaded here), an optional name, the carve radius, colour and size; "Show
 * mesh" asks the server for the map's isosurface around the selected residues and adds it as a
 * layer; the layers are listed with key, label, colour and size.
 */
export function Ccp4Panel() {
  const { t } = useTranslation('density');
  const { message } = App.useApp();
  const { plugin } = useToolbar();
  const [form] = Form.useForm<FormValues>();
  const [projectId, setProjectId] = useState<number | null | undefined>(undefined);
  /** The project's volume files (maps, cube, dx...): maps for the mesh, all of them as lazy volumes. */
  const [volumes, setVolumes] = useState<ProjectFile[] | null>(null);
  const maps = useMemo(() => volumes?.filter((f) => isMapFile(f.ext)) ?? null, [volumes]);
  const [busy, setBusy] = useState<'build' | 'ply' | 'upload' | null>(null);

  const readSelection = useCallback(() => selectedResiduesByFile(plugin), [plugin]);
  const readLayers = useCallback(() => densityLayers(plugin), [plugin]);
  const readFileIds = useCallback(() => loadedFileIds(plugin).join(','), [plugin]);
  const selection = usePluginValue(plugin, readSelection);
  const layers = usePluginValue(plugin, readLayers);
  const fileIds = usePluginValue(plugin, readFileIds);

  // The project: the one the files in the viewer belong to.
  useEffect(() => {
    const first = fileIds ? Number(fileIds.split(',')[0]) : null;
    if (!first) {
      setProjectId(null);
      return;
    }
    let cancelled = false;
    void filesApi.get(first).then((answer) => {
      if (!cancelled) setProjectId(answer.success && answer.data ? answer.data.project_id : null);
    });
    return () => {
      cancelled = true;
    };
  }, [fileIds]);

  const loadMaps = useCallback(async (project: number): Promise<ProjectFile[]> => {
    const answer = await filesApi.list({ project_id: project, file_type: VOLUME_FILE_TYPES, page: 1, limit: 100 });
    const list = answer.success && answer.data ? answer.data.items.filter((f) => volumeFormatOf(f.ext) !== null) : [];
    setVolumes(list);
    return list;
  }, []);

  useEffect(() => {
    if (projectId) void loadMaps(projectId);
    else setVolumes(projectId === null ? [] : null);
  }, [projectId, loadMaps]);

  const withResidues = selection.filter((s) => s.tokens.length > 0);
  const tokens = withResidues.length === 1 ? withResidues[0]!.tokens : withResidues.flatMap((s) => s.tokens);

  async function upload(file: File) {
    if (!projectId) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!isMapFile(ext)) {
      message.error(t('messages.notMapFile', { name: file.name }));
      return;
    }
    setBusy('upload');
    try {
      const credentials = await filesApi.uploadCredentials(projectId);
      if (!credentials.success || !credentials.data) return;
      const uploadId = await uploadFile({ file, credentials: credentials.data, projectId });
      const created = await filesApi.create({ name: file.name, project_id: projectId, file_url: uploadId, ext });
      if (!created.success || !created.data) return;
      await loadMaps(projectId);
      form.setFields([{ name: 'map', value: created.data.id, errors: [] }]);
    } catch (error) {
      console.error(error);
      message.error(t('messages.uploadFailed', { name: file.name }));
    } finally {
      setBusy(null);
    }
  }

  /** The request for the current form and selection, or null after saying what is missing. */
  function request(values: FormValues, current: readonly SelectionByFile[]) {
    const problem = densityProblem(current, values.map ?? null);
    if (problem === 'selectMap') {
      form.setFields([{ name: 'map', errors: [t('messages.selectMap')] }]);
      return null;
    }
    if (problem) {
      message.warning(t(`messages.${problem}`));
      return null;
    }
    if (!projectId) {
      message.warning(t('messages.noProject'));
      return null;
    }
    const target = current.find((s) => s.tokens.length > 0)!;
    return {
      project_id: projectId,
      pdb_file_id: target.fileId!,
      ccp4_file_id: values.map!,
      resn_list: target.tokens,
      carve: clampCarve(values.carve),
    };
  }

  async function build(values: FormValues) {
    const body = request(values, selectedResiduesByFile(plugin));
    if (!body) return;
    setBusy('build');
    try {
      const answer = await densityApi.mesh(body);
      if (!answer.success || !answer.data) return; // the client showed the server's reason
      const triangles = answer.data.triangles.length / 3;
      if (triangles === 0) {
        message.warning(t('messages.empty'));
        return;
      }
      const mapName = maps?.find((m) => m.id === body.ccp4_file_id)?.name ?? '';
      await addDensityLayer(plugin, answer.data, {
        label: layerLabel(values.name ?? '', mapName, body.resn_list),
        color: values.color,
        size: values.size,
      });
      focusBounds(plugin, answer.data.bounds);
      message.success(t('messages.built', { count: triangles }));
    } catch (error) {
      console.error(error);
      message.error(t('messages.empty'));
    } finally {
      setBusy(null);
    }
  }

  async function savePly() {
    const values = form.getFieldsValue();
    const body = request(values, selectedResiduesByFile(plugin));
    if (!body) return;
    setBusy('ply');
    try {
      const name = values.name?.trim();
      const answer = await densityApi.toPly(name ? { ...body, name } : body);
      if (answer.success && answer.data) message.success(t('messages.saved', { name: answer.data.file.name }));
    } finally {
      setBusy(null);
    }
  }

  async function addVolume(file: ProjectFile) {
    await addLazyVolume(plugin, file);
    message.info(t('volumeAdded', { name: file.name }));
  }

  const mapOptions = useMemo(() => (maps ?? []).map((m) => ({ value: m.id, label: m.name })), [maps]);

  return (
    <div style={{ width: 340 }} data-testid="density-panel">
      <Form<FormValues>
        form={form}
        layout="vertical"
        size="small"
        requiredMark={false}
        initialValues={{ carve: CARVE.default, color: DEFAULT_COLOR, size: SIZE.default }}
        onFinish={(values) => void build(values)}
        onValuesChange={(changed: Partial<FormValues>) => {
          // The residue is checked before the map (spec order), so the map's error is set by hand, and cleared here.
          if ('map' in changed) form.setFields([{ name: 'map', errors: [] }]);
        }}
      >
        <div style={{ display: 'flex', gap: 4, alignItems: 'flex-start' }}>
          <Form.Item name="map" label={t('map')} style={{ flex: 1, minWidth: 0 }}>
            <Select
              data-testid="density-map"
              aria-label={t('map')}
              placeholder={t('mapPlaceholder')}
              options={mapOptions}
              loading={maps === null}
              notFoundContent={maps === null ? t('loadingMaps') : t('noMaps')}
              showSearch={{ optionFilterProp: 'label' }}
              onOpenChange={(open) => {
                // Maps imported meanwhile (Entry List, jobs) show up on the next opening.
                if (open && projectId) void loadMaps(projectId);
              }}
            />
          </Form.Item>
          {/* Upload sits beside the select, level with it (below the label). */}
          <Upload
            accept=".ccp4,.map,.mrc"
            showUploadList={false}
            disabled={!projectId || busy !== null}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button
              icon={<UploadOutlined />}
              loading={busy === 'upload'}
              disabled={!projectId || busy !== null}
              aria-label={t('upload')}
              title={t('upload')}
              data-testid="density-upload"
              style={{ marginTop: 26 }}
            />
          </Upload>
        </div>
        <Form.Item label={t('residues')}>
          <Typography.Text type={tokens.length ? undefined : 'secondary'} data-testid="density-residues" ellipsis>
            {tokens.length ? tokens.join(' ') : t('noResidues')}
          </Typography.Text>
        </Form.Item>
        <Form.Item name="name" label={t('name')}>
          <Input placeholder={t('namePlaceholder')} maxLength={200} data-testid="density-name" />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item name="carve" label={t('carve')} tooltip={t('carveHelp')}>
            <InputNumber min={CARVE.min} max={CARVE.max} step={CARVE.step} data-testid="density-carve" />
          </Form.Item>
          <Form.Item
            name="color"
            label={t('color')}
            getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
          >
            <ColorPicker disabledAlpha data-testid="density-color" />
          </Form.Item>
          <Form.Item name="size" label={t('size')} style={{ width: 120 }}>
            <Slider min={SIZE.min} max={SIZE.max} step={SIZE.step} aria-label={t('size')} />
          </Form.Item>
        </Space>
        <Space>
          <Button
            type="primary"
            htmlType="submit"
            loading={busy === 'build'}
            disabled={busy !== null && busy !== 'build'}
            data-testid="density-build"
          >
            {t('build')}
          </Button>
          <Button
            onClick={() => void savePly()}
            loading={busy === 'ply'}
            disabled={busy !== null && busy !== 'ply'}
            data-testid="density-ply"
          >
            {t('savePly')}
          </Button>
        </Space>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('layers')}
      </Typography.Title>
      <LayerList layers={layers} plugin={plugin} />
      {volumes && volumes.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {t('volumes')}
          </Typography.Title>
          <div data-testid="density-volumes">
            {volumes.map((m) => (
              <div key={m.id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <Typography.Text ellipsis style={{ flex: 1 }}>
                  {m.name}
                </Typography.Text>
                <Button size="small" onClick={() => void addVolume(m)} data-testid={`density-volume-${m.id}`}>
                  {t('addVolume')}
                </Button>
                {projectId && isMapFile(m.ext) && <StreamButton plugin={plugin} projectId={projectId} file={m} />}
              </div>
            ))}
          </div>
        </>
      )}
      {projectId === undefined && <Spin size="small" />}
    </div>
  );
}

function LayerList({ layers, plugin }: { layers: DensityLayer[]; plugin: PluginLike }) {
  const { t } = useTranslation('density');
  if (layers.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noLayers')} data-testid="density-no-layers" />;
  }
  return (
    <div data-testid="density-layers" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      {layers.map((layer) => (
        <div
          key={layer.key}
          data-testid="density-layer"
          data-key={layer.key}
          data-color={layer.color}
          data-size={layer.size}
          style={{ display: 'flex', alignItems: 'center', gap: 6 }}
        >
          <ColorPicker
            size="small"
            disabledAlpha
            value={layer.color}
            onChangeComplete={(c) => void updateDensityLayer(plugin, layer.key, { color: c.toHexString() })}
          />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text ellipsis style={{ display: 'block' }} title={layer.label}>
              {layer.label}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {t('key')}: {layer.key}
            </Typography.Text>
          </div>
          <InputNumber
            size="small"
            min={SIZE.min}
            max={SIZE.max}
            step={SIZE.step}
            value={layer.size}
            aria-label={t('size')}
            style={{ width: 64 }}
            onChange={(v) => {
              if (typeof v === 'number') void updateDensityLayer(plugin, layer.key, { size: clampSize(v) });
            }}
          />
          <Button
            size="small"
            type="text"
            icon={layer.visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            aria-label={t('toggle')}
            title={t('toggle')}
            onClick={() => PluginCommands.State.ToggleVisibility(plugin, { state: plugin.state.data, ref: layer.key })}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('remove')}
            title={t('remove')}
            data-testid="density-layer-remove"
            onClick={() => void removeDensityLayer(plugin, layer.key)}
          />
        </div>
      ))}
    </div>
  );
}
