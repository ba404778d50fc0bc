import {
  AimOutlined,
  AppstoreOutlined,
  BgColorsOutlined,
  BlockOutlined,
  ClearOutlined,
  ColumnWidthOutlined,
  CompressOutlined,
  ExpandAltOutlined,
  ExperimentOutlined,
  EyeInvisibleOutlined,
  FilterOutlined,
  HistoryOutlined,
  MinusSquareOutlined,
  NodeIndexOutlined,
  PlusSquareOutlined,
  ScanOutlined,
  SwapOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, InputNumber, type MenuProps, Segmented, Select, Slider, Space, Tooltip } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispatchBrowserEvent } from '../../lib/browser-events';
import { MenuButton, PanelButton, ToolButton, useTooltipOpen } from './buttons';
import {
  COLOR_PALETTE,
  COMPONENT_REPRESENTATIONS,
  EXPAND_DEFAULT_A,
  EXPAND_MAX_A,
  EXPAND_MIN_A,
  GRANULARITIES,
  type GranularityKey,
  SELECTION_MODES,
  type SelectionMode,
} from './constants';
import type { MeasureKind } from './requirements';
import {
  addComponent,
  align,
  applyColor,
  applyTransparency,
  defineQueries,
  defineSelection,
  deselectAll,
  expandSelection,
  fitLigands,
  fitSelection,
  fitWorkspace,
  focusNextLigand,
  invertSelection,
  measure,
  type QuickSelect,
  quickSelect,
  removeSelection,
  setRightPanel,
  undo,
} from './toolbar-actions';
import { useToolbar } from './toolbar-context';
import { ToolbarSlotItems } from './toolbar-extensions';

// ---- sections -------------------------------------------------------------------------------

/** Interaction display and its settings: the features' items in the `interactions` slot. */
export function InteractionSection() {
  return <ToolbarSlotItems slot="interactions" />;
}

export function MeasureSection() {
  const { t } = useTranslation('toolbar');
  const { plugin, run } = useToolbar();
  const kinds: MeasureKind[] = ['distance', 'angle', 'dihedral'];
  return (
    <MenuButton
      id="measure"
      title={t('measure.button')}
      icon={<ColumnWidthOutlined />}
      items={kinds.map((k) => ({
        key: k,
        label: <span data-testid={`tb-measure-${k}`}>{t(`measure.${k}`)}</span>,
      }))}
      onPick={(key) => void run(() => measure(plugin, key as MeasureKind))}
    />
  );
}

export function ComponentSection() {
  const { t } = useTranslation('toolbar');
  const { plugin, run } = useToolbar();
  const known = new Set(plugin.representation.structure.registry.types.map(([name]) => name));
  const representations = COMPONENT_REPRESENTATIONS.filter((name) => known.has(name));
  return (
    <>
      <MenuButton
        id="add-component"
        title={t('component.add')}
        icon={<PlusSquareOutlined />}
        items={representations.map((r) => ({
          key: r,
          label: <span data-testid={`tb-add-component-${r}`}>{t(`representations.${r}`)}</span>,
        }))}
        onPick={(key) => void run(() => addComponent(plugin, key))}
      />
      <ToolButton
        id="remove-selection"
        title={t('component.remove')}
        icon={<MinusSquareOutlined />}
        onClick={() => void run(() => removeSelection(plugin))}
      />
    </>
  );
}

function ColorPanel() {
  const { t } = useTranslation('toolbar');
  const { plugin, run, setOpenMenu } = useToolbar();
  const pick = (hex: string | null) => {
    setOpenMenu(null);
    void run(() => applyColor(plugin, hex));
  };
  return (
    <div style={{ width: 180 }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 28px)', gap: 6 }}>
        {COLOR_PALETTE.map((hex) => (
          <Tooltip key={hex} title={hex}>
            <button
              type="button"
              aria-label={t('color.swatch', { color: hex })}
              data-testid={`tb-color-${hex.slice(1)}`}
              onClick={() => pick(hex)}
              style={{
                width: 28,
                height: 28,
                borderRadius: 4,
                border: '1px solid rgba(0,0,0,0.25)',
                background: hex,
                cursor: 'pointer',
              }}
            />
          </Tooltip>
        ))}
      </div>
      <Button size="small" block style={{ marginTop: 8 }} onClick={() => pick(null)} data-testid="tb-color-reset">
        {t('color.reset')}
      </Button>
    </div>
  );
}

function TransparencyPanel() {
  const { t } = useTranslation('toolbar');
  const { plugin, run, setOpenMenu } = useToolbar();
  const [percent, setPercent] = useState(50);
  return (
    <div style={{ width: 200 }}>
      <div>{t('transparency.value', { value: percent })}</div>
      <Slider min={0} max={100} step={1} value={percent} onChange={setPercent} data-testid="tb-transparency-slider" />
      <Button
        size="small"
        type="primary"
        block
        data-testid="tb-transparency-apply"
        onClick={() => {
          setOpenMenu(null);
          void run(() => applyTransparency(plugin, percent));
        }}
      >
        {t('transparency.apply')}
      </Button>
    </div>
  );
}

export function StyleSection() {
  const { t } = useTranslation('toolbar');
  return (
    <>
      <PanelButton id="color" title={t('color.button')} icon={<BgColorsOutlined />} content={<ColorPanel />} />
      <PanelButton
        id="transparency"
        title={t('transparency.button')}
        icon={<EyeInvisibleOutlined />}
        content={<TransparencyPanel />}
      />
    </>
  );
}

export function AlignSection() {
  const { t } = useTranslation('toolbar');
  const { plugin, run } = useToolbar();
  return (
    <MenuButton
      id="align"
      title={t('align.button')}
      icon={<BlockOutlined />}
      items={(['chains', 'atoms'] as const).map((k) => ({
        key: k,
        label: <span data-testid={`tb-align-${k}`}>{t(`align.${k}`)}</span>,
      }))}
      onPick={(key) => void run(() => align(plugin, key as 'chains' | 'atoms'))}
    />
  );
}

export function HistorySection() {
  const { t } = useTranslation('toolbar');
  const { plugin, state, run } = useToolbar();
  return (
    <>
      <ToolButton
        id="undo"
        title={state.canUndo ? t('undo.label', { label: state.undoLabel ?? '' }) : t('undo.nothing')}
        icon={<UndoOutlined />}
        disabled={!state.canUndo}
        onClick={() => void run(() => undo(plugin))}
      />
      <ToolButton
        id="viewer2d"
        title={t('viewer2d')}
        icon={<ExperimentOutlined />}
        // The workspace's 2D editor feature listens and opens its window; the viewer knows no window.
        onClick={() => dispatchBrowserEvent('open2dViewer')}
      />
    </>
  );
}

export function GranularitySection() {
  const { t } = useTranslation('toolbar');
  const { plugin, state, openMenu, setOpenMenu } = useToolbar();
  const tooltipOpen = useTooltipOpen();
  return (
    <Tooltip title={t('granularity.label')} placement="top" open={tooltipOpen}>
      <Select<GranularityKey>
        size="small"
        value={state.granularity}
        disabled={state.busy}
        // Its option list counts as the toolbar's open menu: one at a time, no tooltips over it.
        open={openMenu === 'granularity'}
        onOpenChange={(open) =>
          setOpenMenu((current) => (open ? 'granularity' : current === 'granularity' ? null : current))
        }
        style={{ width: 96 }}
        aria-label={t('granularity.label')}
        data-testid="tb-granularity"
        options={GRANULARITIES.map((g) => ({ value: g.key, label: t(`granularity.${g.key}`) }))}
        onChange={(key) => {
          const molstar = GRANULARITIES.find((g) => g.key === key)?.molstar;
          if (molstar) plugin.managers.interactivity.setProps({ granularity: molstar });
        }}
      />
    </Tooltip>
  );
}

export function QuickSelectSection() {
  const { t } = useTranslation('toolbar');
  const { plugin, run } = useToolbar();
  const quick = (what: QuickSelect) => () => void run(() => quickSelect(plugin, what));
  return (
    <>
      <ToolButton id="select-polymer" title={t('quick.polymer')} onClick={quick('polymer')}>
        P
      </ToolButton>
      <ToolButton id="select-ligand" title={t('quick.ligand')} onClick={quick('ligand')}>
        L
      </ToolButton>
      <ToolButton id="select-solvent" title={t('quick.solvent')} onClick={quick('solvent')}>
        S
      </ToolButton>
      <ToolButton id="select-all" title={t('quick.allTip')} onClick={quick('all')}>
        {t('quick.all')}
      </ToolButton>
      <ToolButton
        id="deselect-all"
        title={t('quick.none')}
        icon={<ClearOutlined />}
        onClick={() => void run(() => deselectAll(plugin))}
      />
    </>
  );
}

function ExpandPanel() {
  const { t } = useTranslation('toolbar');
  const { plugin, run, setOpenMenu } = useToolbar();
  const [distance, setDistance] = useState<number | null>(EXPAND_DEFAULT_A);
  return (
    <Space.Compact data-testid="tb-expand-distance">
      <InputNumber
        size="small"
        min={EXPAND_MIN_A}
        max={EXPAND_MAX_A}
        step={1}
        value={distance}
        onChange={setDistance}
        aria-label={t('selection.expandDistance')}
        suffix="Å"
        style={{ width: 90 }}
      />
      <Button
        size="small"
        type="primary"
        data-testid="tb-expand-apply"
        onClick={() => {
          setOpenMenu(null);
          void run(() => expandSelection(plugin, distance ?? EXPAND_DEFAULT_A));
        }}
      >
        {t('selection.expandApply')}
      </Button>
    </Space.Compact>
  );
}

export function SelectionToolsSection() {
  const { t } = useTranslation('toolbar');
  const { plugin, state, history, run } = useToolbar();
  const groups = useMemo(() => defineQueries(), []);
  const queryByKey = useRef(new Map(groups.flatMap((g) => g.queries.map((q) => [q.key, q.query] as const))));
  // The mode and Mol*'s query list share one popup (Mol*'s own selection menu does the same): nested
  // submenu popups were realigned under the pointer after every sticky pick.
  const [mode, setMode] = useState<SelectionMode>('set');
  const items = useMemo<MenuProps['items']>(
    () =>
      groups.map((g) => ({
        key: `group:${g.category || 'general'}`,
        type: 'group' as const,
        label: g.category || t('selection.uncategorized'),
        children: g.queries.map((q) => ({
          key: q.key,
          label: <span data-testid={`tb-define-${mode}-${q.key}`}>{q.query.label}</span>,
        })),
      })),
    [groups, mode, t],
  );
  const modeSwitch = (
    <Segmented<SelectionMode>
      block
      size="small"
      value={mode}
      onChange={setMode}
      aria-label={t('selection.mode')}
      data-testid="tb-define-mode"
      options={SELECTION_MODES.map((value) => ({
        value,
        label: <span data-testid={`tb-define-${value}`}>{t(`selection.modes.${value}`)}</span>,
      }))}
    />
  );
  return (
    <>
      <ToolButton
        id="invert"
        title={t('selection.invert')}
        icon={<SwapOutlined />}
        onClick={() => void run(() => invertSelection(plugin))}
      />
      <PanelButton id="expand" title={t('selection.expand')} icon={<ExpandAltOutlined />} content={<ExpandPanel />} />
      <ToolButton
        id="previous-selection"
        title={t('selection.previous')}
        icon={<HistoryOutlined />}
        disabled={!state.canGoBack}
        onClick={() => void run(() => history?.previous() ?? { type: 'warning', key: 'noPrevious' })}
      />
      <MenuButton
        id="define"
        title={t('selection.defineTip')}
        icon={<FilterOutlined />}
        items={items}
        header={modeSwitch}
        scroll
        sticky
        onPick={(key) => {
          const query = queryByKey.current.get(key);
          if (query) void run(() => defineSelection(plugin, mode, query));
        }}
      >
        {t('selection.define')}
      </MenuButton>
    </>
  );
}

export function FitSection() {
  const { t } = useTranslation('toolbar');
  const { plugin, run } = useToolbar();
  const lastLigand = useRef<string | null>(null);
  return (
    <>
      <ToolButton
        id="fit-auto"
        title={t('fit.autoTip')}
        icon={<AimOutlined />}
        onClick={() =>
          void run(() => {
            const { message, key } = focusNextLigand(plugin, lastLigand.current);
            lastLigand.current = key;
            return message;
          })
        }
      >
        {t('fit.auto')}
      </ToolButton>
      <ToolButton
        id="fit-workspace"
        title={t('fit.workspace')}
        icon={<CompressOutlined />}
        onClick={() => void run(() => fitWorkspace(plugin))}
      />
      <ToolButton
        id="fit-selection"
        title={t('fit.selection')}
        icon={<ScanOutlined />}
        onClick={() => void run(() => fitSelection(plugin))}
      />
      <ToolButton
        id="fit-ligand"
        title={t('fit.ligand')}
        icon={<NodeIndexOutlined />}
        onClick={() => void run(() => fitLigands(plugin))}
      />
    </>
  );
}

export function PanelSection() {
  const { t } = useTranslation('toolbar');
  const { plugin, state } = useToolbar();
  return (
    <>
      <ToolButton
        id="presets"
        title={t('presetsTip')}
        icon={<AppstoreOutlined />}
        active={state.rightPanelOpen}
        onClick={() => setRightPanel(plugin, !state.rightPanelOpen)}
      >
        {t('presets')}
      </ToolButton>
      <ToolbarSlotItems slot="panel" />
    </>
  );
}

/** The toolbar's sections in the spec's order (§2), each kept together when collapsing. */
export const SECTIONS: { key: string; Component: () => ReactNode }[] = [
  { key: 'interactions', Component: InteractionSection },
  { key: 'measure', Component: MeasureSection },
  { key: 'component', Component: ComponentSection },
  { key: 'style', Component: StyleSection },
  { key: 'align', Component: AlignSection },
  { key: 'history', Component: HistorySection },
  { key: 'granularity', Component: GranularitySection },
  { key: 'quick-select', Component: QuickSelectSection },
  { key: 'selection', Component: SelectionToolsSection },
  { key: 'fit', Component: FitSection },
  { key: 'panel', Component: PanelSection },
];
