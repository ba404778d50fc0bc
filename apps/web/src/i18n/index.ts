import { LANGS, type Lang, messages, normalizeLang } from '@medx/contract';
import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectInitialLang, storeLang } from './lang';

/** Namespace holding the contract's message catalogue (`t('msg:sessionExpired')`). */
export const CATALOGUE_NS = 'msg';

type LocaleFiles = Record<string, Record<string, unknown>>;

/** Every `locales/<lang>/<namespace>.json`, including the login screens' `auth` files. */
const localeFiles: LocaleFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** `{name}` placeholders of the catalogue become i18next's `{{name}}`. */
export function catalogueNamespace(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(messages)) {
    out[key] = texts[lang].replace(/\{(\w+)\}/g, '{{$1}}');
  }
  return out;
}

/** Splits `./locales/<lang>/<ns>.json` paths into i18next resources, plus the catalogue. */
export function buildResources(files: LocaleFiles): Resource {
  const resources: Resource = {};
  for (const lang of LANGS) resources[lang] = { [CATALOGUE_NS]: catalogueNamespace(lang) };
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, ns] = match as unknown as [string, string, string];
    const bucket: ResourceLanguage = resources[lang] ?? {};
    bucket[ns] = content as ResourceLanguage[string];
    resources[lang] = bucket;
  }
  return resources;
}

const resources = buildResources(localeFiles);
const namespaces = [...new Set(Object.values(resources).flatMap((bucket) => Object.keys(bucket)))];

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: detectInitialLang(),
  fallbackLng: 'en',
  supportedLngs: [...LANGS],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** The current language as the API wants it in Accept-Language. */
export function currentLang(): Lang {
  return normalizeLang(i18n.language);
}

/** Switches the interface language live and remembers the choice under `lang`. */
export async function changeLang(lang: Lang): Promise<void> {
  storeLang(lang);
  await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
