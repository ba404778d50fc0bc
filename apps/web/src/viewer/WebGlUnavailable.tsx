import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SUPPORT_URL = 'https://caniuse.com/webgl';

/** Spec §8: 'WebGL does not seem to be available.' with advice and a browser-support link. */
export function WebGlUnavailable() {
  const { t } = useTranslation('viewer');
  return (
    <Result
      data-testid="viewer-no-webgl"
      status="warning"
      title={t('webgl.title')}
      subTitle={
        <div style={{ maxWidth: 520, margin: '0 auto', textAlign: 'left' }}>
          <Typography.Paragraph>{t('webgl.advice')}</Typography.Paragraph>
          <ul>
            <li>{t('webgl.updateBrowser')}</li>
            <li>{t('webgl.checkDriver')}</li>
            <li>{t('webgl.restart')}</li>
            <li>{t('webgl.hardwareAcceleration')}</li>
          </ul>
          <Typography.Paragraph>
            {t('webgl.supportInfo')}{' '}
            <Typography.Link href={SUPPORT_URL} target="_blank" rel="noreferrer">
              {SUPPORT_URL}
            </Typography.Link>
          </Typography.Paragraph>
        </div>
      }
    />
  );
}
