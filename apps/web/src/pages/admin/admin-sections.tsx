import { NotificationOutlined } from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import { AdminMessagesSection } from './messages/AdminMessagesSection';

/** One entry of the admin panel's menu; users, quotas, orders, feedback and system come as more entries. */
export interface AdminSection {
  /** The address segment: /admin/<key>. */
  key: string;
  /** In the `admin` namespace. */
  labelKey: string;
  icon: ReactNode;
  Component: ComponentType;
}

const messages: AdminSection = {
  key: 'messages',
  labelKey: 'sections.messages',
  icon: <NotificationOutlined />,
  Component: AdminMessagesSection,
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [messages];

/** The section an address names; /admin alone (or an unknown name) opens the first. */
export function adminSection(key: string | undefined): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.key === key) ?? messages;
}
