import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { MESSAGE_TOP } from '../lib/message-top';
import { PageFallback } from '../pages/PageFallback';
import { UiBridge } from './UiBridge';

/**
 * The layout route of every page built with antd (all but /login): antd's locale (and dayjs's,
 * which its date pickers use) follow the i18n language live; toasts sit below the header.
 */
export function AntdRoot() {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh-CN';
  useEffect(() => {
    dayjs.locale(zh ? 'zh-cn' : 'en');
  }, [zh]);
  return (
    <ConfigProvider locale={zh ? zhCN : enUS}>
      <AntdApp message={{ top: MESSAGE_TOP }}>
        <UiBridge />
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </AntdApp>
    </ConfigProvider>
  );
}
