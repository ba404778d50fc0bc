import { ApiOutlined, DownOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Popover, Radio, Space, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useTooltipOpen } from '../../viewer/toolbar/buttons';
import { useToolbar } from '../../viewer/toolbar/toolbar-context';
import {
  CONTACT_COLORS,
  INTERACTION_OBJECTS,
  INTERACTION_SWITCHES,
  type InteractionObject,
  SWITCH_KIND,
} from './interaction-options';
import { pluginReady, setEnabled, setOptions, type UpdateFailure, watchStructures } from './interactions-controller';
import { interactionsStore } from './interactions-store';

const SETTINGS_MENU = 'interactions-settings';

/** A small colour swatch: the kind's line colour in 3D and 2D. */
export function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 14,
        height: 4,
        marginRight: 6,
        verticalAlign: 'middle',
        background: `repeating-linear-gradient(90deg, ${color} 0 4px, transparent 4px 6px)`,
        outline: '1px solid rgba(0,0,0,0.15)',
      }}
    />
  );
}

/**
 * Med View's Interaction button (viewer spec §2, §4): toggles the interaction display for the
 * visible structures; the arrow beside it opens the settings popover (types, object of
 * interaction), whose changes are drawn 200 ms after the last one while the display is on.
 */
export function InteractionToggle() {
  const { t } = useTranslation('interactions');
  const { message } = App.useApp();
  const { plugin, state: toolbar, openMenu, setOpenMenu } = useToolbar();
  const tooltipOpen = useTooltipOpen();
  const state = useSyncExternalStore(interactionsStore.subscribe, interactionsStore.get);

  const onFailure = useCallback(
    (failure: UpdateFailure) => void message.error(t(failure === 'notReady' ? 'messages.notReady' : 'messages.failed')),
    [message, t],
  );

  useEffect(() => {
    if (!state.enabled || !pluginReady(plugin)) return;
    return watchStructures(plugin, onFailure);
  }, [state.enabled, plugin, onFailure]);

  const toggle = () => {
    if (!pluginReady(plugin)) return onFailure('notReady');
    void setEnabled(plugin, !state.enabled, onFailure);
  };
  const change = (patch: Partial<typeof state.options>) => {
    if (!pluginReady(plugin)) return onFailure('notReady');
    setOptions(plugin, { ...state.options, ...patch }, onFailure);
  };

  const settings = (
    <div data-testid="interactions-settings" style={{ width: 260 }}>
      <Typography.Text strong>{t('types')}</Typography.Text>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 2, margin: '4px 0 8px' }}>
        {INTERACTION_SWITCHES.map((s) => (
          <div key={s} data-testid={`interactions-switch-${s}`}>
            <Checkbox checked={state.options[s]} onChange={(e) => change({ [s]: e.target.checked })}>
              <Swatch color={CONTACT_COLORS[SWITCH_KIND[s]]} />
              {t(`switches.${s}`)}
            </Checkbox>
          </div>
        ))}
      </div>
      <Typography.Text strong>{t('object')}</Typography.Text>
      <Radio.Group
        value={state.options.objectOfInteraction}
        onChange={(e) => change({ objectOfInteraction: e.target.value as InteractionObject })}
        style={{ display: 'flex', flexDirection: 'column', gap: 2, margin: '4px 0 8px' }}
        data-testid="interactions-object"
      >
        {INTERACTION_OBJECTS.map((o) => (
          <div key={o} data-testid={`interactions-object-${o}`}>
            <Radio value={o}>{t(`objects.${o}`)}</Radio>
          </div>
        ))}
      </Radio.Group>
      <Typography.Text type="secondary" data-testid="interactions-count" data-count={state.count ?? ''}>
        {state.updating
          ? t('updating')
          : state.enabled && state.count !== null
            ? t('count', { count: state.count })
            : t('countOff')}
      </Typography.Text>
    </div>
  );

  // The popover closes while Mol* is busy (spec §4), so the count also shows in the button's tooltip.
  const label =
    state.enabled && state.count !== null
      ? `${t('toggleOn')} · ${t('count', { count: state.count })}`
      : state.enabled
        ? t('toggleOn')
        : t('toggleOff');
  return (
    <Space.Compact size="small">
      <Tooltip title={label} open={tooltipOpen}>
        <Button
          size="small"
          type={state.enabled ? 'primary' : 'text'}
          icon={<ApiOutlined />}
          onClick={toggle}
          disabled={toolbar.busy}
          aria-pressed={state.enabled}
          aria-label={t('toggle')}
          data-testid="tb-interactions"
          data-enabled={state.enabled}
          data-updating={state.updating}
          data-count={state.enabled && state.count !== null ? state.count : ''}
        />
      </Tooltip>
      <Popover
        trigger="click"
        open={openMenu === SETTINGS_MENU && !toolbar.busy}
        onOpenChange={(open) =>
          setOpenMenu((current) => (open ? SETTINGS_MENU : current === SETTINGS_MENU ? null : current))
        }
        content={settings}
        title={t('settings')}
      >
        <Tooltip title={t('settings')} open={tooltipOpen}>
          <Button
            size="small"
            type="text"
            icon={<DownOutlined style={{ fontSize: 9 }} />}
            disabled={toolbar.busy}
            aria-label={t('settings')}
            data-testid="tb-interactions-settings"
            style={{ width: 16, minWidth: 16 }}
          />
        </Tooltip>
      </Popover>
    </Space.Compact>
  );
}
