import { GlobalOutlined } from '@ant-design/icons';
import { LANGS, type Lang, normalizeLang } from '@medx/contract';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLang } from './index';

/**
 * English / 中文: switches the texts and antd's locale live and stores the choice under `lang`.
 * `getPopupContainer` places the option list (default: the body), e.g. inside a sticky header.
 */
export function LanguageSelect({ getPopupContainer }: Pick<SelectProps, 'getPopupContainer'> = {}) {
  const { t, i18n } = useTranslation();
  return (
    <Select<Lang>
      value={normalizeLang(i18n.language)}
      onChange={(lang) => void changeLang(lang)}
      options={LANGS.map((lang) => ({ value: lang, label: t(`language.${lang}`) }))}
      prefix={<GlobalOutlined />}
      aria-label={t('language.label')}
      data-testid="lang-select"
      style={{ width: 130 }}
      variant="borderless"
      getPopupContainer={getPopupContainer}
    />
  );
}
