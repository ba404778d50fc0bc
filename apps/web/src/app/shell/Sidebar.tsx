import {
  AppstoreOutlined,
  BuildOutlined,
  CommentOutlined,
  ControlOutlined,
  DesktopOutlined,
  FolderOpenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getProjectId, isGuest, SIDEBAR_COLLAPSED_KEY, useCurrentUser } from '../../api/session';
import { usersApi } from '../../api/users';
import { HELP_CENTER_URL, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../config';
import { AvatarMenu } from './AvatarMenu';
import { FeedbackModal } from './FeedbackModal';
import { NavItem } from './NavItem';
import { canSeeAdminPanel, canSeeApps, usePermissions } from './use-permissions';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

async function openAdminPanel(): Promise<void> {
  // Open the window inside the click so popup blockers allow it, then point it at the
  // address the server returns (spec §2).
  const win = window.open('about:blank', '_blank');
  const answer = await usersApi.adminRedirect();
  if (answer.success && answer.data.redirect_url && win) {
    win.opener = null;
    win.location.href = answer.data.redirect_url;
  } else {
    win?.close();
  }
}

export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const permissions = usePermissions();
  const { user } = useCurrentUser();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    localStorage.setItem(SIDEBAR_COLLAPSED_KEY, next ? '1' : '0');
  };

  const goWorkspace = () => {
    if (pathname === '/') {
      window.location.reload();
      return;
    }
    const projectId = getProjectId();
    navigate(projectId ? `/?project=${encodeURIComponent(projectId)}` : '/');
  };

  return (
    <Layout.Sider
      theme="light"
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      className={`medx-sider${collapsed ? ' medx-sider-collapsed' : ''}`}
    >
      <nav className="medx-sider-inner" aria-label={t('nav.label')}>
        <div className="medx-brand" title={t('appName')}>
          {collapsed ? 'M' : 'MedX'}
        </div>
        <div className="medx-nav">
          <NavItem
            icon={<DesktopOutlined />}
            label={t('nav.workspace')}
            collapsed={collapsed}
            active={pathname === '/'}
            onClick={goWorkspace}
            testId="nav-workspace"
          />
          <NavItem
            icon={<ShoppingCartOutlined />}
            label={t('nav.purchase')}
            collapsed={collapsed}
            active={pathname === '/purchase'}
            onClick={() => navigate('/purchase')}
            testId="nav-purchase"
          />
          {canSeeApps(permissions) && (
            <NavItem
              icon={<AppstoreOutlined />}
              label={t('nav.apps')}
              collapsed={collapsed}
              active={pathname === '/shop'}
              onClick={() => navigate('/shop')}
              testId="nav-apps"
            />
          )}
          {/* The Tool Uploader (issue 16): registered users only. */}
          {user && !isGuest(user) && (
            <NavItem
              icon={<BuildOutlined />}
              label={t('toolBuilder:nav')}
              collapsed={collapsed}
              active={pathname === '/tool-builder'}
              onClick={() => navigate('/tool-builder')}
              testId="nav-tool-builder"
            />
          )}
          {canSeeAdminPanel(permissions) && (
            <NavItem
              icon={<ControlOutlined />}
              label={t('nav.adminPanel')}
              collapsed={collapsed}
              onClick={() => void openAdminPanel()}
              testId="nav-admin"
            />
          )}
        </div>
        <div className="medx-nav-spacer" />
        <div className="medx-nav">
          <NavItem
            icon={<FolderOpenOutlined />}
            label={t('nav.projectList')}
            collapsed={collapsed}
            active={pathname === '/project'}
            onClick={() => navigate('/project')}
            testId="nav-projects"
          />
          <NavItem
            icon={<UserOutlined />}
            label={t('nav.userCenter')}
            collapsed={collapsed}
            active={pathname === '/userCenter'}
            onClick={() => navigate('/userCenter')}
            testId="nav-user-center"
          />
          <NavItem
            icon={<QuestionCircleOutlined />}
            label={t('nav.helpCenter')}
            collapsed={collapsed}
            onClick={() => window.open(HELP_CENTER_URL, '_blank', 'noopener')}
            testId="nav-help"
          />
          <NavItem
            icon={<CommentOutlined />}
            label={t('nav.feedback')}
            collapsed={collapsed}
            onClick={() => setFeedbackOpen(true)}
            testId="nav-feedback"
          />
          <AvatarMenu collapsed={collapsed} />
          <NavItem
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            label={collapsed ? t('nav.expand') : t('nav.collapse')}
            collapsed
            onClick={toggle}
            testId="sidebar-collapse"
          />
        </div>
      </nav>
      <FeedbackModal open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </Layout.Sider>
  );
}
