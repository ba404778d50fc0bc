import {
  AimOutlined,
  ApiOutlined,
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
  HeatMapOutlined,
  HistoryOutlined,
  MinusSquareOutlined,
  NodeIndexOutlined,
  PlusSquareOutlined,
  SaveOutlined,
  ScanOutlined,
  SettingOutlined,
  SwapOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  Button,
  Dropdown,
  InputNumber,
  type MenuProps,
  Popover,
  Segmented,
  Select,
  Slider,
  Space,
  Tooltip,
} from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispatchBrowserEvent } from '../../lib/browser-events';
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

/**
 * A toolbar tooltip's `open`: closed while a toolbar menu, panel or dropdown is open (context
 * `tooltipsOff`), else antd's own hover handling. Where the toolbar is the page's top row, antd
 * flips tooltips below the buttons, onto the open menu, where they would hide its items and take
 * their clicks. (A hook, not a wrapper component: Dropdown and Popover hand their trigger props
 * to their direct child, which antd's Tooltip passes on.)
 */
function useTooltipOpen(): false | undefined {
  return useToolbar().tooltipsOff ? false : undefined;
}

/** A small icon button with a tooltip, disabled while the plugin is busy. */
function ToolButton({
  id,
  title,
  icon,
  onClick,
  disabled,
  children,
  active,
}: {
  id: string;
  title: ReactNode;
  icon?: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  children?: ReactNode;
  active?: boolean;
}) {
  const { state } = useToolbar();
  const tooltipOpen = useTooltipOpen();
  return (
    <Tooltip title={title} open={tooltipOpen}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        onClick={onClick}
        disabled={disabled || state.busy}
        data-testid={`tb-${id}`}
        aria-label={typeof title === 'string' ? title : undefined}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/**
 * A button opening a menu; the menu closes on a pick. With `sticky`, a shift-click keeps the menu
 * and the open submenu as they are, for the next pick. Submenus open by click, not by hover, so a
 * pointer passing over the menu changes nothing. `header` sits above the items in the same popup;
 * `scroll` bounds the items to the window's height, scrolling within.
 */
function MenuButton({
  id,
  title,
  icon,
  items,
  onPick,
  sticky,
  header,
  scroll,
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  items: MenuProps['items'];
  onPick: (key: string) => void;
  sticky?: boolean;
  header?: ReactNode;
  scroll?: boolean;
  children?: ReactNode;
}) {
  const { state, openMenu, setOpenMenu } = useToolbar();
  const tooltipOpen = useTooltipOpen();
  const open = openMenu === id;
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  // antd closes the open submenus after every pick; a sticky pick keeps them (see onClick).
  const keepSubmenus = useRef(false);
  useEffect(() => {
    if (!open) setOpenKeys([]);
  }, [open]);
  return (
    <Dropdown
      trigger={['click']}
      disabled={state.busy}
      open={open}
      onOpenChange={(next, info) => {
        // Picks are handled below (they may keep the menu open); only the trigger and outside clicks toggle it.
        if (info.source === 'trigger') setOpenMenu((current) => (next ? id : current === id ? null : current));
      }}
      menu={{
        items,
        triggerSubMenuAction: 'click',
        openKeys,
        onOpenChange: (keys) => {
          if (!keepSubmenus.current) setOpenKeys(keys);
        },
        // Shift-click would otherwise select the menu's text.
        style: scroll ? SCROLLING_MENU_STYLE : { userSelect: 'none' },
        onClick: ({ key, domEvent }) => {
          if (sticky && domEvent.shiftKey) {
            // The menu's own "close the submenus" follows this handler in the same event.
            keepSubmenus.current = true;
            queueMicrotask(() => {
              keepSubmenus.current = false;
            });
          } else {
            setOpenMenu(null);
          }
          onPick(key);
        },
      }}
      popupRender={
        header
          ? (menu) => (
              <div className="ant-dropdown-menu" style={HEADED_MENU_STYLE}>
                {header}
                {menu}
              </div>
            )
          : undefined
      }
    >
      {/* No tooltip while a menu is open: it would sit over the menu's items (useTooltipOpen). */}
      <Tooltip title={title} open={tooltipOpen}>
        <Button size="small" type="text" icon={icon} disabled={state.busy} data-testid={`tb-${id}`} aria-label={title}>
          {children}
        </Button>
      </Tooltip>
    </Dropdown>
  );
}

/**
 * A long menu fits below the toolbar and scrolls. (Unbounded, a popup taller than the window is
 * shifted to and fro on every realignment: measured 178 px jumps with the pointer on it, so a pick
 * landed on the next item or on nothing.)
 */
const SCROLLING_MENU_STYLE = {
  userSelect: 'none',
  maxHeight: 'calc(100vh - 160px)',
  overflowY: 'auto',
  boxShadow: 'none',
} as const;
const HEADED_MENU_STYLE = { padding: 4, display: 'flex', flexDirection: 'column', gap: 4 } as const;

/** A button opening a popover panel. */
function PanelButton({ id, title, icon, content }: { id: string; title: string; icon: ReactNode; content: ReactNode }) {
  const { state, openMenu, setOpenMenu } = useToolbar();
  const tooltipOpen = useTooltipOpen();
  return (
    <Popover
      trigger="click"
      open={openMenu === id && !state.busy}
      onOpenChange={(open) => setOpenMenu((current) => (open ? id : current === id ? null : current))}
      content={<div data-testid={`tb-${id}-panel`}>{content}</div>}
      title={title}
    >
      <Tooltip title={title} open={tooltipOpen}>
        <Button
          size="small"
          type="text"
          icon={icon}
          disabled={state.busy}
          data-testid={`tb-${id}`}
          aria-label={title}
        />
      </Tooltip>
    </Popover>
  );
}

/** An item left to its own issue: visibly there, never pretending to work. */
function LaterButton({ id, label, icon }: { id: string; label: string; icon: ReactNode }) {
  const { t } = useTranslation('toolbar');
  const tooltipOpen = useTooltipOpen();
  return (
    <Tooltip title={`${label}: ${t('later')}`} open={tooltipOpen}>
      <span>
        <Button size="small" type="text" icon={icon} disabled data-testid={`tb-${id}`} aria-label={label} />
      </span>
    </Tooltip>
  );
}

// ---- sections -------------------------------------------------------------------------------

export function InteractionSection() {
  const { t } = useTranslation('toolbar');
  return <LaterButton id="interactions" label={t('interactions')} icon={<ApiOutlined />} />;
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
      <LaterButton id="states" label={t('states')} icon={<SaveOutlined />} />
      <LaterButton id="ccp4" label={t('ccp4')} icon={<HeatMapOutlined />} />
      <LaterButton id="structure-preset" label={t('structurePreset')} icon={<SettingOutlined />} />
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
