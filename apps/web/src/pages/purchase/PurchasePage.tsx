import { ShoppingCartOutlined } from '@ant-design/icons';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder for the Purchase page (a later issue). */
export function PurchasePage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography.Title level={4}>{t('purchase.title')}</Typography.Title>
      <Empty image={<ShoppingCartOutlined style={{ fontSize: 48 }} />} description={t('purchase.placeholder')} />
    </Card>
  );
}
