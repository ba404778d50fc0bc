import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Guests have no balance and cannot buy compute (the server answers 403 guestCannotPurchase):
 * say so, with the way to register (sign-up keeps the guest's projects, spec §3).
 */
export function GuestBillingAlert({ userId, text, testId }: { userId: number; text: string; testId: string }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  return (
    <Alert
      data-testid={testId}
      type="info"
      showIcon
      title={text}
      action={
        <Button type="primary" onClick={() => navigate(`/login?userId=${encodeURIComponent(String(userId))}`)}>
          {t('register')}
        </Button>
      }
    />
  );
}
