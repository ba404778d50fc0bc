import type { Lang } from '@medx/contract';

/** The documents served under /docs/<name>; the sidebar and the sign-up form link to them. */
export const DOC_NAMES = ['help', 'privacy', 'agreement'] as const;
export type DocName = (typeof DOC_NAMES)[number];

export const isDocName = (value: string | undefined): value is DocName =>
  (DOC_NAMES as readonly string[]).includes(value ?? '');

/**
 * One lazily loaded chunk per language and document (apps/web/src/i18n/docs/<lang>/<name>.md):
 * the texts reach the browser only when their page is opened, never with the login page.
 */
const sources = import.meta.glob<string>('../../i18n/docs/*/*.md', { query: '?raw', import: 'default' });

export function docSourcePath(lang: Lang, name: DocName): string {
  return `../../i18n/docs/${lang}/${name}.md`;
}

export function loadDocSource(lang: Lang, name: DocName): Promise<string> {
  const load = sources[docSourcePath(lang, name)];
  if (!load) return Promise.reject(new Error(`no ${lang} text for ${name}`));
  return load();
}
