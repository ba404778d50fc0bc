import { AppstoreOutlined } from '@ant-design/icons';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder for the Apps catalogue (a later issue). */
export function ShopPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography.Title level={4}>{t('shop.title')}</Typography.Title>
      <Empty image={<AppstoreOutlined style={{ fontSize: 48 }} />} description={t('shop.placeholder')} />
    </Card>
  );
}
