import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface NavItemProps {
  icon: ReactNode;
  label: string;
  collapsed: boolean;
  active?: boolean;
  onClick: () => void;
  testId?: string;
}

/** A sidebar entry: icon above a short label, the label hidden (and shown as a tooltip) when collapsed. */
export function NavItem({ icon, label, collapsed, active, onClick, testId }: NavItemProps) {
  const button = (
    <button
      type="button"
      className="medx-nav-item"
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
      data-testid={testId}
      onClick={onClick}
    >
      {icon}
      {!collapsed && <span>{label}</span>}
    </button>
  );
  return collapsed ? (
    <Tooltip title={label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
