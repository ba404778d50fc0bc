import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSelect } from '../../i18n/LanguageSelect';
import { HeaderSlotTarget } from '../../lib/header-slot';
import { breadcrumbKey } from './breadcrumb';
import { NewsButton } from './news/NewsButton';

/**
 * Breadcrumb (Home → /project, then the current page), the page's own header elements (the
 * workspace's Window menu and tools on /), News and the language selector.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <header className="medx-header">
      <Breadcrumb
        items={[{ title: <Link to="/project">{t('breadcrumb.home')}</Link> }, { title: t(breadcrumbKey(pathname)) }]}
      />
      <HeaderSlotTarget />
      {/* One flex item, so the header's space-between keeps News beside the language. */}
      <div className="medx-header-end">
        <NewsButton />
        <LanguageSelect />
      </div>
    </header>
  );
}
