import { CommentOutlined, NotificationOutlined } from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import { AdminFeedbackSection } from './feedback/AdminFeedbackSection';
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

const feedback: AdminSection = {
  key: 'feedback',
  labelKey: 'sections.feedback',
  icon: <CommentOutlined />,
  Component: AdminFeedbackSection,
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [messages, feedback];

/** The section an address names; /admin alone (or an unknown name) opens the first. */
export function adminSection(key: string | undefined): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.key === key) ?? messages;
}
