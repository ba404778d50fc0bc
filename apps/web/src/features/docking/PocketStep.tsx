import type { DockingPocket, ProjectFile } from '@medx/contract';
import { DOCKING_LIGAND_TYPES, DOCKING_LIMITS, POCKET_DEFAULTS } from '@medx/contract';
import { Alert, App, Button, Col, Form, Input, InputNumber, Row, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DetectedPocket, dockingApi } from '../../api/docking';
import { testId } from '../../lib/test-id';
import { useViewerPlugin } from '../../viewer/ViewerProvider';
import { boundingPocket, isDrawablePocket, resizePocket } from './box-geometry';
import { DockingFilePicker } from './DockingFilePicker';
import { useDockingBox } from './use-docking-box';
import { usePocketScene } from './use-pocket-scene';
import { formatPocket, parseResidueIds, roundPocket } from './wizard-rules';

/** Ligand files a box can be drawn around: the docking types plus PDB (split crystal ligands). */
const REFERENCE_TYPES = [...DOCKING_LIGAND_TYPES, 'PDB'] as const;
const FIELDS = ['center_x', 'center_y', 'center_z', 'size_x', 'size_y', 'size_z'] as const;
const DEFAULT_PADDING = POCKET_DEFAULTS.padding;
const DEFAULT_CUTOFF = POCKET_DEFAULTS.cutoff;
/** Å added to (or taken from) every edge by the grow and shrink buttons. */
const RESIZE_STEP = 1;

interface PocketStepProps {
  projectId: number;
  protein: ProjectFile | null;
  /** The chosen ligands: the first is shown in Med View with the protein. */
  ligands?: readonly ProjectFile[];
  pocket: DockingPocket;
  onChange: (pocket: DockingPocket) => void;
}

/** The six box values, typed by hand or filled by one of the helpers above them. */
function PocketFields({ pocket, onChange }: Pick<PocketStepProps, 'pocket' | 'onChange'>) {
  const { t } = useTranslation('docking');
  const plugin = useViewerPlugin();
  return (
    <Row gutter={[12, 4]}>
      {FIELDS.map((field) => (
        <Col span={8} key={field}>
          <Form.Item label={t(`pocket.fields.${field}`)} style={{ marginBottom: 8 }}>
            <InputNumber
              value={pocket[field]}
              step={0.5}
              precision={2}
              min={field.startsWith('size') ? 0 : undefined}
              max={field.startsWith('size') ? DOCKING_LIMITS.boxEdgeMax : undefined}
              style={{ width: '100%' }}
              aria-label={t(`pocket.fields.${field}`)}
              data-testid={`pocket-${field}`}
              onChange={(next) => onChange({ ...pocket, [field]: typeof next === 'number' ? next : 0 })}
            />
          </Form.Item>
        </Col>
      ))}
      <Col span={24}>
        <Space>
          <span>{t('pocket.allEdges')}</span>
          <Button
            size="small"
            disabled={pocket.size_x <= 0 && pocket.size_y <= 0 && pocket.size_z <= 0}
            onClick={() => onChange(resizePocket(pocket, -RESIZE_STEP))}
            data-testid="pocket-shrink"
          >
            {t('pocket.shrink', { step: RESIZE_STEP })}
          </Button>
          <Button size="small" onClick={() => onChange(resizePocket(pocket, RESIZE_STEP))} data-testid="pocket-grow">
            {t('pocket.grow', { step: RESIZE_STEP })}
          </Button>
          <Button
            size="small"
            disabled={!plugin || !isDrawablePocket(pocket)}
            onClick={async () => {
              if (!plugin) return;
              const { focusDockingBox } = await import('./docking-box-molstar');
              focusDockingBox(plugin, pocket);
            }}
            data-testid="pocket-focus"
          >
            {t('pocket.focus')}
          </Button>
        </Space>
      </Col>
    </Row>
  );
}

/**
 * The box drawn in Med View: the atoms the user selected there (residues, atoms, a ligand)
 * give the box, their bounding box plus the padding on every side.
 */
function FromSelection({ onChange }: Pick<PocketStepProps, 'onChange'>) {
  const { t } = useTranslation('docking');
  const { message } = App.useApp();
  const plugin = useViewerPlugin();
  const [padding, setPadding] = useState<number>(DEFAULT_PADDING);
  const compute = async () => {
    if (!plugin) {
      message.warning(t('result.noViewer'));
      return;
    }
    const { selectionPositions } = await import('./docking-box-molstar');
    const pocket = boundingPocket(selectionPositions(plugin), padding);
    if (!pocket) {
      message.warning(t('toolbar:messages.noSelection'));
      return;
    }
    onChange(pocket);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('pocket.selectionHelp')}</Typography.Text>
      <Space wrap>
        <PaddingInput value={padding} onChange={setPadding} precision={2} testId="pocket-selection-padding" />
        <Button type="primary" onClick={compute} data-testid="pocket-from-selection">
          {t('pocket.fromSelection')}
        </Button>
      </Space>
      <Alert type="info" showIcon title={t('pocket.manualHelp')} />
    </Space>
  );
}

/** The padding (Å) added on every side of a box; a cleared field falls back to the default. */
function PaddingInput({
  value,
  onChange,
  precision,
  testId,
}: {
  value: number;
  onChange: (value: number) => void;
  precision?: number;
  testId: string;
}) {
  const { t } = useTranslation('docking');
  return (
    <>
      <span>{t('pocket.padding')}</span>
      <InputNumber
        min={0}
        max={20}
        step={0.5}
        precision={precision}
        value={value}
        onChange={(v) => onChange(typeof v === 'number' ? v : DEFAULT_PADDING)}
        aria-label={t('pocket.padding')}
        data-testid={testId}
      />
    </>
  );
}

function AroundLigand({ projectId, onChange }: Pick<PocketStepProps, 'projectId' | 'onChange'>) {
  const { t } = useTranslation('docking');
  const [ligand, setLigand] = useState<ProjectFile[]>([]);
  const [padding, setPadding] = useState<number>(DEFAULT_PADDING);
  const [busy, setBusy] = useState(false);
  const compute = async () => {
    const chosen = ligand[0];
    if (!chosen) return;
    setBusy(true);
    const answer = await dockingApi.pocketFromLigand(projectId, chosen.id, padding);
    setBusy(false);
    if (answer.success && answer.data) onChange(roundPocket(answer.data));
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('pocket.ligandHelp')}</Typography.Text>
      <DockingFilePicker
        projectId={projectId}
        fileTypes={REFERENCE_TYPES}
        ligandsOnly
        value={ligand}
        onChange={setLigand}
        testIdPrefix="pocket-ligand"
      />
      <Space wrap>
        <PaddingInput value={padding} onChange={setPadding} testId="pocket-padding" />
        <Button type="primary" disabled={!ligand[0]} loading={busy} onClick={compute} data-testid="pocket-from-ligand">
          {t('pocket.compute')}
        </Button>
      </Space>
    </Space>
  );
}

function AroundResidues({ projectId, protein, onChange }: Omit<PocketStepProps, 'pocket'>) {
  const { t } = useTranslation('docking');
  const [text, setText] = useState('');
  const [cutoff, setCutoff] = useState<number>(DEFAULT_CUTOFF);
  const [busy, setBusy] = useState(false);
  const ids = parseResidueIds(text);
  const invalid = text.trim() !== '' && ids === null;
  const compute = async () => {
    if (!ids || !protein) return;
    setBusy(true);
    const answer = await dockingApi.pocketFromResidues(projectId, protein.id, ids, cutoff);
    setBusy(false);
    if (answer.success && answer.data) onChange(roundPocket(answer.data));
  };
  return (
    <Form layout="vertical" onFinish={compute}>
      <Form.Item
        label={t('pocket.residues')}
        help={invalid ? t('pocket.residuesInvalid') : t('pocket.residuesHelp')}
        validateStatus={invalid ? 'error' : undefined}
      >
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="45 67 89"
          data-testid="pocket-residues"
        />
      </Form.Item>
      <Space wrap>
        <span>{t('pocket.cutoff')}</span>
        <InputNumber
          min={0}
          max={20}
          step={0.5}
          value={cutoff}
          onChange={(v) => setCutoff(typeof v === 'number' ? v : DEFAULT_CUTOFF)}
          aria-label={t('pocket.cutoff')}
          data-testid="pocket-cutoff"
        />
        <Button
          type="primary"
          htmlType="submit"
          disabled={!ids || !protein}
          loading={busy}
          data-testid="pocket-from-residues"
        >
          {t('pocket.compute')}
        </Button>
      </Space>
    </Form>
  );
}

function Detected({ projectId, protein, onChange }: Omit<PocketStepProps, 'pocket'>) {
  const { t } = useTranslation('docking');
  const [rows, setRows] = useState<DetectedPocket[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);
  const detect = async () => {
    if (!protein) return;
    setBusy(true);
    const answer = await dockingApi.detectPockets(projectId, protein.id);
    setBusy(false);
    setRows(answer.success && answer.data ? answer.data.pockets : []);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button type="primary" disabled={!protein} loading={busy} onClick={detect} data-testid="pocket-detect">
        {t('pocket.detect')}
      </Button>
      {rows && (
        <Table<DetectedPocket>
          size="small"
          rowKey="rank"
          dataSource={rows}
          pagination={{ pageSize: 5, size: 'small', hideOnSinglePage: true }}
          locale={{ emptyText: t('pocket.noneDetected') }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: picked === null ? [] : [picked],
            onChange: (_k, [row]) => {
              if (!row) return;
              setPicked(row.rank);
              onChange(roundPocket(row.pocket));
            },
          }}
          onRow={(row) => ({
            ...testId(`pocket-detected-${row.rank}`),
            onClick: () => {
              setPicked(row.rank);
              onChange(roundPocket(row.pocket));
            },
          })}
          columns={[
            { key: 'rank', title: t('pocket.rank'), dataIndex: 'rank', width: 60 },
            { key: 'score', title: t('pocket.score'), render: (_v, r) => r.score.toFixed(2), width: 80 },
            { key: 'volume', title: t('pocket.volume'), render: (_v, r) => r.volume.toFixed(1), width: 90 },
            {
              key: 'residues',
              title: t('pocket.residues'),
              ellipsis: true,
              render: (_v, r) => r.residues.join(' '),
            },
          ]}
        />
      )}
    </Space>
  );
}

/**
 * The pocket step (spec §3/§5): a box around a chosen ligand, around residues (space-separated
 * ids, the cutoff adds twice itself to each edge), from the detected pockets, around what is
 * selected in Med View, or typed by hand. While the step is shown Med View shows the chosen
 * protein and ligand with the box around them, the camera on the box (usePocketScene).
 */
export function PocketStep(props: PocketStepProps) {
  const { t } = useTranslation('docking');
  const { pocket, onChange: setPocket } = props;
  const box = useDockingBox(pocket);
  const scene = usePocketScene(props.protein, props.ligands?.[0] ?? null, pocket, box.drawn);
  // A pocket from a helper (ligand, residues, detection, selection) brings the camera to the box.
  const onChange = (next: DockingPocket) => {
    setPocket(next);
    scene.focus();
  };
  const helpers = { ...props, onChange };
  return (
    <div
      data-testid="docking-pocket-step"
      data-box-cells={box.cells}
      data-box-drawn={box.drawn}
      data-scene={scene.state}
    >
      <Tabs
        size="small"
        // Four routes side by side in the narrow window, without a scrolled tab bar.
        tabBarGutter={16}
        items={[
          { key: 'ligand', label: t('pocket.tabs.ligand'), children: <AroundLigand {...helpers} /> },
          { key: 'residues', label: t('pocket.tabs.residues'), children: <AroundResidues {...helpers} /> },
          { key: 'detect', label: t('pocket.tabs.detect'), children: <Detected {...helpers} /> },
          { key: 'selection', label: t('pocket.tabs.selection'), children: <FromSelection onChange={onChange} /> },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('pocket.box')}
      </Typography.Title>
      <Form layout="vertical" component="div">
        <PocketFields pocket={pocket} onChange={setPocket} />
      </Form>
      <Typography.Text type="secondary" data-testid="pocket-summary">
        {formatPocket(pocket)}
      </Typography.Text>
    </div>
  );
}
