import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../i18n';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './routes';
import { SessionCacheReset } from './SessionCacheReset';

/**
 * The providers every page needs. antd's (ConfigProvider, App, the UiBridge) wrap the pages
 * that use it, in AntdRoot, a lazy layout route: /login is built without antd and loads
 * without it (issue 13: the login page under 250 KB).
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionCacheReset />
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
