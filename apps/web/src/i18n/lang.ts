import { type Lang, normalizeLang } from '@medx/contract';

/** The key under which the user's language choice is stored (spec §3 lists it as `lang`). */
export const LANG_STORAGE_KEY = 'lang';

/**
 * Spec §1: a stored value starting with zh means Chinese (zh-CN). Otherwise the browser
 * language decides, zh giving Chinese and anything else English.
 *
 * One reading choice: a stored non-Chinese value (the user picked English) also wins over
 * a Chinese browser; otherwise choosing English on a Chinese browser would not survive a
 * reload, and storing the choice would serve no purpose.
 */
export function resolveLang(stored: string | null | undefined, browserLanguage: string | null | undefined): Lang {
  if (stored?.trim()) return normalizeLang(stored);
  return normalizeLang(browserLanguage);
}

export function detectInitialLang(): Lang {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    stored = null;
  }
  const browser = typeof navigator === 'undefined' ? null : navigator.language;
  return resolveLang(stored, browser);
}

export function storeLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
