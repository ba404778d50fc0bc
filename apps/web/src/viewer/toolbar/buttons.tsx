import { Button, Dropdown, type MenuProps, Popover, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToolbar } from './toolbar-context';

/**
 * A toolbar tooltip's `open`: closed while a toolbar menu, panel or dropdown is open (context
 * `tooltipsOff`), else antd's own hover handling. Where the toolbar is the page's top row, antd
 * flips tooltips below the buttons, onto the open menu, where they would hide its items and take
 * their clicks. (A hook, not a wrapper component: Dropdown and Popover hand their trigger props
 * to their direct child, which antd's Tooltip passes on.)
 */
export function useTooltipOpen(): false | undefined {
  return useToolbar().tooltipsOff ? false : undefined;
}

/** A small icon button with a tooltip, disabled while the plugin is busy. */
export function ToolButton({
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
export function MenuButton({
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
export const SCROLLING_MENU_STYLE = {
  userSelect: 'none',
  maxHeight: 'calc(100vh - 160px)',
  overflowY: 'auto',
  boxShadow: 'none',
} as const;
export const HEADED_MENU_STYLE = { padding: 4, display: 'flex', flexDirection: 'column', gap: 4 } as const;

/** A button opening a popover panel. */
export function PanelButton({
  id,
  title,
  icon,
  content,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  content: ReactNode;
}) {
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
          aria-haspopup="dialog"
          aria-expanded={openMenu === id && !state.busy}
        />
      </Tooltip>
    </Popover>
  );
}

/** An item left to its own issue: visibly there, never pretending to work. */
export function LaterButton({ id, label, icon }: { id: string; label: string; icon: ReactNode }) {
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
