import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageFallback } from '../pages/PageFallback';
import { RequireSession } from './RequireSession';

/**
 * Every page is loaded on demand so the first paint (usually /login) carries only the
 * providers and the router. Named exports are mapped to React.lazy's default here.
 */
/** antd's providers around every page but /login (see App). */
const AntdRoot = lazy(() => import('./AntdRoot').then((m) => ({ default: m.AntdRoot })));
const LoginPage = lazy(() => import('../pages/login/LoginPage').then((m) => ({ default: m.LoginPage })));
const UserCenterPage = lazy(() =>
  import('../pages/user-center/UserCenterPage').then((m) => ({ default: m.UserCenterPage })),
);
const AppShell = lazy(() => import('./shell/AppShell').then((m) => ({ default: m.AppShell })));
const WorkspacePage = lazy(() =>
  import('../pages/workspace/WorkspacePage').then((m) => ({ default: m.WorkspacePage })),
);
const ProjectListPage = lazy(() =>
  import('../pages/projects/ProjectListPage').then((m) => ({ default: m.ProjectListPage })),
);
const ShopPage = lazy(() => import('../pages/shop/ShopPage').then((m) => ({ default: m.ShopPage })));
const PurchasePage = lazy(() => import('../pages/purchase/PurchasePage').then((m) => ({ default: m.PurchasePage })));
const JoinSharePage = lazy(() => import('../pages/share/JoinSharePage').then((m) => ({ default: m.JoinSharePage })));
const LowBrowserPage = lazy(() =>
  import('../pages/low-browser/LowBrowserPage').then((m) => ({ default: m.LowBrowserPage })),
);
const AdminPage = lazy(() => import('../pages/admin/AdminPage').then((m) => ({ default: m.AdminPage })));
const ToolBuilderPage = lazy(() =>
  import('../pages/tool-builder/ToolBuilderPage').then((m) => ({ default: m.ToolBuilderPage })),
);
const DocsPage = lazy(() => import('../pages/docs/DocsPage').then((m) => ({ default: m.DocsPage })));
/** Dev-only page (/viewer-test?file=<id>[,<id>…]): the viewer full-size with project files loaded. */
const LazyViewerTestPage = lazy(() =>
  import('../pages/viewer-test/ViewerTestRoute').then((m) => ({ default: m.ViewerTestRoute })),
);
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

export const ROUTES = {
  workspace: '/',
  projects: '/project',
  shop: '/shop',
  userCenter: '/userCenter',
  purchase: '/purchase',
  login: '/login',
  share: '/share/:shareId',
  lowBrowser: '/low-browser',
  /** The admin panel; its sections (/admin/messages…) are an optional segment. */
  admin: '/admin/:section?',
  /** The Help Center, privacy policy and user agreement: /docs/help, /docs/privacy, /docs/agreement. */
  docs: '/docs/:doc',
  /** The Tool Uploader (parameter builder, issue 16): registered users only (the page tells guests). */
  toolBuilder: '/tool-builder',
} as const;

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path={ROUTES.login} element={<LoginPage />} />
        <Route element={<AntdRoot />}>
          {/* Shown before any session exists; its button leads to /login. */}
          <Route path={ROUTES.lowBrowser} element={<LowBrowserPage />} />
          {/* Read before signing up (the sign-up form links them) and from the sidebar: no session needed. */}
          <Route path={ROUTES.docs} element={<DocsPage />} />
          <Route element={<RequireSession />}>
            {/* Development only, linked from nowhere: the 3D viewer with one file (?file=<id>). */}
            <Route path="/viewer-test" element={<LazyViewerTestPage />} />
          </Route>
          <Route element={<AppShell />}>
            {/* A share link works without a session: the page offers login or guest access. */}
            <Route path={ROUTES.share} element={<JoinSharePage />} />
            <Route element={<RequireSession />}>
              <Route index element={<WorkspacePage />} />
              <Route path={ROUTES.projects} element={<ProjectListPage />} />
              <Route path={ROUTES.shop} element={<ShopPage />} />
              <Route path={ROUTES.userCenter} element={<UserCenterPage />} />
              <Route path={ROUTES.purchase} element={<PurchasePage />} />
              <Route path={ROUTES.toolBuilder} element={<ToolBuilderPage />} />
              {/* The page itself answers 403 to users without ADMIN_PANEL. */}
              <Route path={ROUTES.admin} element={<AdminPage />} />
            </Route>
          </Route>
          {/* Nothing private here, so no session is needed to be told a page does not exist. */}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
