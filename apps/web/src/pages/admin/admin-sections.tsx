import {
  AuditOutlined,
  CloudServerOutlined,
  CommentOutlined,
  DashboardOutlined,
  NotificationOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import { AdminFeedbackSection } from './feedback/AdminFeedbackSection';
import { AdminInstancesSection } from './instances/AdminInstancesSection';
import { AdminMessagesSection } from './messages/AdminMessagesSection';
import { AdminOrdersSection } from './orders/AdminOrdersSection';
import { AdminSystemSection } from './system/AdminSystemSection';
import { AdminToolReviewSection } from './tool-review/AdminToolReviewSection';
import { AdminUsersSection } from './users/AdminUsersSection';

/** One entry of the admin panel's menu. */
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

/** Its label is in the section's own namespace (`toolReview`). */
const toolReview: AdminSection = {
  key: 'tool-review',
  labelKey: 'toolReview:section',
  icon: <AuditOutlined />,
  Component: AdminToolReviewSection,
};

const users: AdminSection = {
  key: 'users',
  labelKey: 'sections.users',
  icon: <UserOutlined />,
  Component: AdminUsersSection,
};

const orders: AdminSection = {
  key: 'orders',
  labelKey: 'sections.orders',
  icon: <ShoppingCartOutlined />,
  Component: AdminOrdersSection,
};

const instances: AdminSection = {
  key: 'instances',
  labelKey: 'sections.instances',
  icon: <CloudServerOutlined />,
  Component: AdminInstancesSection,
};

const system: AdminSection = {
  key: 'system',
  labelKey: 'sections.system',
  icon: <DashboardOutlined />,
  Component: AdminSystemSection,
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  messages,
  feedback,
  toolReview,
  users,
  orders,
  instances,
  system,
];

/** The section an address names; /admin alone (or an unknown name) opens the first. */
export function adminSection(key: string | undefined): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.key === key) ?? messages;
}
