import { LANGS, type Lang, normalizeLang } from '@medx/contract';
import { useTranslation } from 'react-i18next';
import { changeLang } from '../i18n';

/**
 * English / 中文 on the pages built without antd (/login): a native select, which switches the
 * texts live and stores the choice under `lang` as LanguageSelect does elsewhere.
 */
export function LightLanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="lt-input lt-select"
      style={{ width: 'auto', border: 0, boxShadow: 'none' }}
      value={normalizeLang(i18n.language)}
      onChange={(event) => void changeLang(event.target.value as Lang)}
      aria-label={t('language.label')}
      data-testid="lang-select"
    >
      {LANGS.map((lang) => (
        <option key={lang} value={lang}>
          {t(`language.${lang}`)}
        </option>
      ))}
    </select>
  );
}
