import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** Account, purchase and recharge records and balance recharge arrive with the purchase feature. */
export function ComingSoon() {
  const { t } = useTranslation('auth');
  return (
    <Card>
      <Empty data-testid="coming-soon" description={t('comingWithPurchase')} style={{ paddingBlock: 32 }} />
    </Card>
  );
}
