import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §2: '404 Not Found', 'Sorry, the page you visited does not exist', and Reload. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subtitle')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()} data-testid="reload">
            {t('actions.reload')}
          </Button>
        }
      />
    </Flex>
  );
}
