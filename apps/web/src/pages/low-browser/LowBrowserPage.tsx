import { ChromeOutlined, WindowsOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const BROWSERS = [
  { key: 'chrome', icon: <ChromeOutlined />, href: 'https://www.google.com/chrome/' },
  { key: 'edge', icon: <WindowsOutlined />, href: 'https://www.microsoft.com/edge' },
] as const;

/** Spec §2: the unsupported-browser page, with Back to Home (to /login) and two recommended browsers. */
export function LowBrowserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="warning"
        title={t('lowBrowser.title')}
        subTitle={t('lowBrowser.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/login')} data-testid="back-home">
            {t('actions.backToHome')}
          </Button>
        }
      >
        <Flex vertical align="center" gap={12}>
          <Typography.Text type="secondary">{t('lowBrowser.recommended')}</Typography.Text>
          <Space size="large">
            {BROWSERS.map((browser) => (
              <Typography.Link key={browser.key} href={browser.href} target="_blank" rel="noopener noreferrer">
                <Space size={6}>
                  <span style={{ fontSize: 28 }}>{browser.icon}</span>
                  {t(`lowBrowser.${browser.key}`)}
                </Space>
              </Typography.Link>
            ))}
          </Space>
        </Flex>
      </Result>
    </Flex>
  );
}
