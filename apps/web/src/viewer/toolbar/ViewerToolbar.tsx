import { EllipsisOutlined } from '@ant-design/icons';
import { App, Button, Divider, Popover, Tooltip } from 'antd';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitSections } from './collapse';
import { SECTIONS } from './sections';
import type { ActionMessage } from './toolbar-actions';
import { ToolbarContext, type ToolbarContextValue } from './toolbar-context';
import { useToolbarState } from './use-toolbar-state';

export interface ViewerToolbarProps {
  plugin: PluginUIContext;
}

/** The toolbar's width, followed with a ResizeObserver (null until first measured). */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number | null] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) setWidth(Math.floor(box.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The 3D toolbar above Med View's canvas (viewer spec §2, §4, §5, §8, §9). Its sections stay
 * inline while they fit (100 px each after 180 px reserved) and collapse from the end into a
 * More menu. Every control is disabled while the plugin is busy, and busy closes open menus.
 */
export function ViewerToolbar({ plugin }: ViewerToolbarProps) {
  const { t } = useTranslation('toolbar');
  const { message } = App.useApp();
  const { state, history } = useToolbarState(plugin);
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const [ref, width] = useWidth();

  useEffect(() => {
    if (state.busy) {
      setOpenMenu(null);
      setMoreOpen(false);
    }
  }, [state.busy]);

  const show = useCallback(
    (result: ActionMessage | null) => {
      if (!result) return;
      void message.open({ type: result.type, content: t(`messages.${result.key}`, result.values ?? {}) });
    },
    [message, t],
  );

  const run = useCallback<ToolbarContextValue['run']>(
    async (action) => {
      if (plugin.behaviors.state.isBusy.value) return;
      try {
        show(await action());
      } catch (error) {
        console.error(error);
        show({ type: 'error', key: 'noPlugin' });
      }
    },
    [plugin, show],
  );

  const context = useMemo<ToolbarContextValue>(
    () => ({ plugin, state, history, run, openMenu, setOpenMenu, tooltipsOff: openMenu !== null || moreOpen }),
    [plugin, state, history, run, openMenu, moreOpen],
  );
  // Inside the More panel the panel itself is no reason to silence the tooltips.
  const panelContext = useMemo<ToolbarContextValue>(
    () => ({ ...context, tooltipsOff: openMenu !== null }),
    [context, openMenu],
  );

  const { inline, overflow } = splitSections(SECTIONS, width);

  return (
    <ToolbarContext.Provider value={context}>
      <div
        ref={ref}
        role="toolbar"
        aria-label={t('label')}
        data-testid="viewer-toolbar"
        data-busy={state.busy}
        data-inline={inline.length}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          padding: '2px 6px',
          minHeight: 32,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          borderBottom: '1px solid rgba(0,0,0,0.08)',
          background: '#fff',
        }}
      >
        {inline.map(({ key, Component }, i) => (
          <Fragment key={key}>
            {i > 0 && <Divider type="vertical" style={{ margin: '0 2px' }} />}
            <span data-testid={`tb-section-${key}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
              <Component />
            </span>
          </Fragment>
        ))}
        {overflow.length > 0 && (
          <Popover
            trigger="click"
            placement="bottomRight"
            open={moreOpen && !state.busy}
            onOpenChange={(open) => setMoreOpen(open)}
            content={
              <ToolbarContext.Provider value={panelContext}>
                <div data-testid="tb-more-panel" style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
                  {overflow.map(({ key, Component }) => (
                    <span
                      key={key}
                      data-testid={`tb-section-${key}`}
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
                    >
                      <Component />
                    </span>
                  ))}
                </div>
              </ToolbarContext.Provider>
            }
          >
            <Tooltip title={t('more')} open={context.tooltipsOff ? false : undefined}>
              <Button
                size="small"
                type="text"
                icon={<EllipsisOutlined />}
                disabled={state.busy}
                aria-label={t('more')}
                data-testid="tb-more"
                style={{ marginLeft: 'auto' }}
              />
            </Tooltip>
          </Popover>
        )}
      </div>
    </ToolbarContext.Provider>
  );
}
