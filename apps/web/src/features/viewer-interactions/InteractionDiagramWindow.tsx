import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { LAYOUT_2D_LIMITS, type Layout2dResult } from '@medx/contract';
import { Alert, App, Button, Empty, Select, Space, Spin, Typography } from 'antd';
import { Task } from 'molstar/lib/mol-task';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { sourceKeyOf } from '../../viewer/toolbar/molstar-structures';
import { useOptionalViewerSnapshot, useViewerPlugin } from '../../viewer/ViewerProvider';
import { useWorkspace } from '../../workspace/workspace-context';
import { findContacts, ligandContacts, ligandGraph, listLigands, type ResidueId, residueKey } from './contacts-molstar';
import { exportPng, exportSvg } from './diagram-export';
import { type DiagramLayout, layoutDiagram } from './diagram-layout';
import { diagramRequests } from './diagram-request';
import { InteractionDiagram } from './InteractionDiagram';
import { pluginReady } from './interactions-controller';
import { sourceStructures } from './interactions-molstar';
import { interactionsStore } from './interactions-store';

/** 2D layouts by ligand graph: Med View's changes redraw the contacts, the layout stays. */
const layoutCache = new Map<string, Layout2dResult['coords']>();

const ligandLabel = (r: ResidueId) => `${r.name} ${r.chain}${r.seq}${r.insCode}`;
const residueLabel = (r: ResidueId) => `${r.name} ${r.seq}${r.insCode} ${r.chain}`.trim();

type Status =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; key: string; values?: Record<string, number> }
  | { state: 'ready'; key: string; layout: DiagramLayout; contacts: number; residues: number };

/**
 * The 2D interaction window (issue 12 point 2): a ligand of Med View drawn in 2D (RDKit's
 * layout from the server, atoms in Mol*'s order) with the residues it contacts around it and
 * the contacts as typed, coloured lines: the same contact set and colours as the 3D display
 * (its enabled types, ligand-receptor), computed here by Mol*. Export as SVG or PNG.
 */
export function InteractionDiagramWindow() {
  const { t } = useTranslation('interactions');
  const { message } = App.useApp();
  const { project } = useWorkspace();
  const plugin = useViewerPlugin();
  const snapshot = useOptionalViewerSnapshot();
  const { options } = useSyncExternalStore(interactionsStore.subscribe, interactionsStore.get);
  const request = useSyncExternalStore(diagramRequests.subscribe, diagramRequests.get);
  const [tick, setTick] = useState(0);
  const [picked, setPicked] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const svgRef = useRef<SVGSVGElement>(null);

  // Structures come and go in Med View: list the ligands again when its state settles.
  useEffect(() => {
    if (!plugin) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const bump = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => setTick((n) => n + 1), 300);
    };
    const subscriptions = [
      plugin.state.data.events.changed.subscribe(bump),
      plugin.state.data.events.cell.stateUpdated.subscribe(bump),
    ];
    return () => {
      if (timer) clearTimeout(timer);
      for (const s of subscriptions) s.unsubscribe();
    };
  }, [plugin]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick and snapshot stand for Mol*'s state, read inside.
  const ligands = useMemo(
    () => (pluginReady(plugin) ? listLigands(sourceStructures(plugin)) : []),
    [plugin, tick, snapshot],
  );

  // A request from the Docking Result table: the ligand of that pose file, once it is shown.
  useEffect(() => {
    if (!request || !pluginReady(plugin)) return;
    const wanted = `file:${request.fileId}`;
    const match = ligands.find((l) => sourceKeyOf(plugin, l.structureRef) === wanted);
    if (match) {
      setPicked(residueKey(match));
      diagramRequests.set(null);
    }
  }, [request, ligands, plugin]);

  // Unless picked: the largest ligand (a pose or drug rather than the glycerols and sulfates of a crystal).
  const largest = ligands.reduce<(typeof ligands)[number] | null>(
    (best, l) => (!best || l.atoms > best.atoms ? l : best),
    null,
  );
  const selected = ligands.find((l) => residueKey(l) === picked) ?? largest;
  const selectedKey = selected ? residueKey(selected) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick redraws after Med View changed.
  useEffect(() => {
    if (!pluginReady(plugin) || !selectedKey) {
      setStatus({ state: 'idle' });
      return;
    }
    let stale = false;
    // A redraw of the same ligand keeps the picture until the new one is ready.
    setStatus((current) => (current.state === 'ready' && current.key === selectedKey ? current : { state: 'loading' }));
    (async () => {
      const inputs = sourceStructures(plugin);
      const graph = ligandGraph(inputs, selectedKey);
      if (!graph) return setStatus({ state: 'error', key: 'diagram.layoutFailed' });
      if (graph.symbols.length > LAYOUT_2D_LIMITS.atomsMax || graph.bonds.length > LAYOUT_2D_LIMITS.bondsMax) {
        return setStatus({ state: 'error', key: 'diagram.tooLarge', values: { max: LAYOUT_2D_LIMITS.atomsMax } });
      }
      const contacts = await plugin.runTask(
        Task.create('2D interactions', (ctx) =>
          findContacts(ctx, inputs, { ...options, objectOfInteraction: 'ligandReceptor' }, selectedKey),
        ),
      );
      const graphKey = JSON.stringify([graph.symbols, graph.bonds]);
      let coords = layoutCache.get(graphKey);
      if (!coords) {
        const answer = await api.post<Layout2dResult>('/depiction/layout-2d', {
          project_id: project.id,
          atoms: graph.symbols,
          bonds: graph.bonds,
        });
        if (stale) return;
        // The client has shown the server's message.
        if (!answer.success) return setStatus({ state: 'error', key: 'diagram.layoutFailed' });
        coords = answer.data.coords;
        layoutCache.set(graphKey, coords);
      }
      if (stale) return;
      const touching = ligandContacts(graph, contacts);
      const layout = layoutDiagram({
        symbols: graph.symbols,
        coords,
        bonds: graph.bonds,
        contacts: touching.map((c) => ({
          kind: c.kind,
          atoms: c.atoms,
          residueKey: residueKey(c.partner),
          residueLabel: residueLabel(c.partner),
          distance: c.distance,
        })),
      });
      setStatus({
        state: 'ready',
        key: selectedKey,
        layout,
        contacts: layout.lines.length,
        residues: layout.residues.length,
      });
    })().catch((error: unknown) => {
      console.error('2D interaction diagram', error);
      if (!stale) setStatus({ state: 'error', key: 'diagram.layoutFailed' });
    });
    return () => {
      stale = true;
    };
  }, [plugin, selectedKey, options, project.id, tick]);

  const save = async (kind: 'svg' | 'png') => {
    const svg = svgRef.current;
    if (!svg || status.state !== 'ready' || !selected) return;
    try {
      if (kind === 'svg') exportSvg(svg, ligandLabel(selected));
      else await exportPng(svg, ligandLabel(selected), svg.width.baseVal.value, svg.height.baseVal.value);
      message.success(t('diagram.exported'));
    } catch (error) {
      console.error('2D interaction diagram export', error);
      message.error(t('diagram.exportFailed'));
    }
  };

  if (!plugin) {
    return (
      <div style={{ padding: 16 }} data-testid="interaction-diagram-window">
        <Empty description={t('diagram.noViewer')} />
      </div>
    );
  }

  return (
    <div
      style={{ padding: 12, height: '100%', overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 8 }}
      data-testid="interaction-diagram-window"
    >
      <Space wrap>
        <Typography.Text>{t('diagram.ligand')}</Typography.Text>
        <Select
          style={{ minWidth: 180 }}
          size="small"
          placeholder={t('diagram.pickLigand')}
          aria-label={t('diagram.ligand')}
          value={selectedKey ?? undefined}
          onChange={(key: string) => setPicked(key)}
          options={ligands.map((l) => ({ value: residueKey(l), label: ligandLabel(l) }))}
          data-testid="diagram-ligand"
          disabled={ligands.length === 0}
        />
        <Button
          size="small"
          icon={<ReloadOutlined />}
          onClick={() => setTick((n) => n + 1)}
          data-testid="diagram-refresh"
        >
          {t('diagram.refresh')}
        </Button>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={status.state !== 'ready'}
          onClick={() => void save('svg')}
          data-testid="diagram-export-svg"
        >
          {t('diagram.exportSvg')}
        </Button>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={status.state !== 'ready'}
          onClick={() => void save('png')}
          data-testid="diagram-export-png"
        >
          {t('diagram.exportPng')}
        </Button>
      </Space>
      {ligands.length === 0 && <Empty description={t('diagram.noLigands')} data-testid="diagram-empty" />}
      {status.state === 'loading' && (
        <Spin tip={t('diagram.loading')} data-testid="diagram-loading">
          <div style={{ minHeight: 120 }} />
        </Spin>
      )}
      {status.state === 'error' && (
        <Alert type="error" showIcon message={t(status.key, status.values ?? {})} data-testid="diagram-error" />
      )}
      {status.state === 'ready' && selected && (
        <>
          <Typography.Text type="secondary" data-testid="diagram-summary" data-contacts={status.contacts}>
            {status.contacts === 0
              ? t('diagram.noContacts')
              : t('diagram.contacts', { count: status.contacts, residues: status.residues })}
          </Typography.Text>
          <InteractionDiagram
            ref={svgRef}
            layout={status.layout}
            title={t('diagram.title', { ligand: ligandLabel(selected) })}
            kindLabel={(kind) => t(`kinds.${kind}`)}
          />
        </>
      )}
    </div>
  );
}
