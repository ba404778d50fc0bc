import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { HeaderSlotProvider } from '../../lib/header-slot';
import { PageFallback } from '../../pages/PageFallback';
import { AppHeader } from './AppHeader';
import { LicencePopupMount } from './LicencePopupMount';
import { LiveEvents } from './LiveEvents';
import { Notices } from './Notices';
import { Sidebar } from './Sidebar';
import './shell.css';

/**
 * Sidebar, header and notices (and the session's live events) around every page except login,
 * low-browser and 404; and the one no-licence popup, which the tools and the API client's
 * answers 402 open from any page.
 */
export function AppShell() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <LiveEvents />
      <LicencePopupMount />
      <Sidebar />
      <HeaderSlotProvider>
        <Layout>
          <AppHeader />
          <Notices />
          <Layout.Content className="medx-content">
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </HeaderSlotProvider>
    </Layout>
  );
}
