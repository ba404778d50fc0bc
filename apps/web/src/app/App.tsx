import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../i18n';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './routes';
import { UiBridge } from './UiBridge';

/**
 * Where toasts (antd message) appear: below the app header (56 px high), so they never cover its
 * menus and tools, nor Med View's toolbar, which is the top row of a page without the header
 * (/viewer-test) and lies lower in the workspace (under the header, the workspace bar and the
 * window's title). e2e/tests/viewer-toolbar.spec.ts checks both pages.
 */
export const MESSAGE_TOP = 64;

/** antd's locale (and dayjs's, which its date pickers use) follow the i18n language live. */
function LocalizedAntd({ children }: { children: React.ReactNode }) {
  const { i18n: instance } = useTranslation();
  const zh = instance.language === 'zh-CN';
  useEffect(() => {
    dayjs.locale(zh ? 'zh-cn' : 'en');
  }, [zh]);
  return (
    <ConfigProvider locale={zh ? zhCN : enUS}>
      <AntdApp message={{ top: MESSAGE_TOP }}>{children}</AntdApp>
    </ConfigProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedAntd>
          <BrowserRouter>
            <UiBridge />
            <AppRoutes />
          </BrowserRouter>
        </LocalizedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
