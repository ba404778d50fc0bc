import { PostprocessingParams } from 'molstar/lib/mol-canvas3d/passes/postprocessing';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { PluginReactContext } from 'molstar/lib/mol-plugin-ui/base';
import { Icon, MagicWandSvg } from 'molstar/lib/mol-plugin-ui/controls/icons';
import { ParamDefinition as PD } from 'molstar/lib/mol-util/param-definition';
import { useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_STYLES, type QuickStyle, quickStyleLook, type StyleLook } from './quick-styles';

/** Per plugin: the look it started with (Default returns to it) and the style picked last. */
const looks = new WeakMap<PluginContext, { initial: StyleLook; current: QuickStyle }>();

function currentLook(plugin: PluginContext): StyleLook | null {
  const canvas = plugin.canvas3d;
  if (!canvas) return null;
  const pp = canvas.props.postprocessing;
  return {
    ignoreLight: !!plugin.managers.structure.component.state.options.ignoreLight,
    outline: pp.outline as StyleLook['outline'],
    occlusion: pp.occlusion as StyleLook['occlusion'],
    shadow: pp.shadow as StyleLook['shadow'],
  };
}

function remembered(plugin: PluginContext) {
  let entry = looks.get(plugin);
  if (!entry) {
    const initial = currentLook(plugin);
    if (!initial) return null;
    entry = { initial, current: 'default' };
    looks.set(plugin, entry);
  }
  return entry;
}

async function applyQuickStyle(plugin: PluginContext, style: QuickStyle): Promise<void> {
  const entry = remembered(plugin);
  const canvas = plugin.canvas3d;
  if (!entry || !canvas) return;
  // Mol*'s default occlusion is on: its parameters are the SSAO defaults.
  const ssao = PD.getDefaultValues(PostprocessingParams).occlusion.params as Record<string, unknown>;
  const look = quickStyleLook(style, entry.initial, ssao);
  const component = plugin.managers.structure.component;
  await component.setOptions({ ...component.state.options, ignoreLight: look.ignoreLight });
  // Post-processing's `enabled` stays as it is: low graphics keeps the effects off.
  canvas.setProps({
    postprocessing: { outline: look.outline, occlusion: look.occlusion, shadow: look.shadow },
  } as never);
  entry.current = style;
}

/**
 * Structure Tools' Quick Styles section (viewer spec §2, §9), drawn like Mol*'s sections:
 * Default, Stylized and Illustrative with the spec's outline and occlusion values.
 */
export function QuickStylesSection() {
  const { t } = useTranslation('presets');
  const plugin = useContext(PluginReactContext);
  const [collapsed, setCollapsed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [style, setStyle] = useState<QuickStyle>(() => looks.get(plugin)?.current ?? 'default');

  // Remember the start-up look before the first style changes it.
  useEffect(() => {
    void plugin.canvas3dInitialized.then(() => remembered(plugin));
  }, [plugin]);

  const pick = async (next: QuickStyle) => {
    setBusy(true);
    try {
      await applyQuickStyle(plugin, next);
      setStyle(next);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className={collapsed ? 'msp-transform-wrapper msp-transform-wrapper-collapsed' : 'msp-transform-wrapper'}
      data-testid="quick-styles"
      data-style={style}
    >
      <div className="msp-transform-header">
        <button
          type="button"
          onClick={() => setCollapsed(!collapsed)}
          className="msp-btn msp-btn-block msp-no-overflow msp-transform-header-brand msp-transform-header-brand-gray"
          title={t(collapsed ? 'quickStyles.expand' : 'quickStyles.collapse')}
          aria-expanded={!collapsed}
        >
          <Icon svg={MagicWandSvg} inline />
          {t('quickStyles.title')}
        </button>
      </div>
      {!collapsed && (
        <div className="msp-flex-row">
          {QUICK_STYLES.map((s) => (
            <button
              type="button"
              key={s}
              onClick={() => void pick(s)}
              disabled={busy}
              title={t(`quickStyles.${s}.hint`)}
              data-testid={`quick-style-${s}`}
              aria-pressed={style === s}
              className={`msp-btn msp-btn-block${style === s ? ' msp-btn-apply-simple' : ''}`}
            >
              {t(`quickStyles.${s}.label`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
