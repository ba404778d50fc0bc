import type { TFunction } from 'i18next';
import { ALL_TAB, FAV_TAB } from './catalogue';

/** A tab's label: ALL, FAV, the spec's categories translated, others as the tools name them. */
export function categoryLabel(t: TFunction, name: string): string {
  if (name === ALL_TAB) return t('tools:guide.all');
  if (name === FAV_TAB) return t('tools:guide.fav');
  if (name.trim() === '') return t('tools:guide.otherCategory');
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return t(`tools:categories.${slug}`, { defaultValue: name });
}
