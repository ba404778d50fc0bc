import { IDENTITIES, type Identity, SOURCES, type Source } from '@medx/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** auth.json keys of the identity values (spec §3); the values themselves are sent as they are. */
export const IDENTITY_LABEL_KEYS = {
  Individual: 'identityIndividual',
  Student: 'identityStudent',
  Teacher: 'identityTeacher',
  Enterprise: 'identityEnterprise',
  'Public Institution': 'identityPublicInstitution',
} as const satisfies Record<Identity, string>;

/** auth.json keys of the source values (spec §3). */
export const SOURCE_LABEL_KEYS = {
  'Friend Recommend': 'sourceFriendRecommend',
  Media: 'sourceMedia',
  'Offline Activity': 'sourceOfflineActivity',
  'Sales Direct Contact': 'sourceSalesDirectContact',
  'Search Engine': 'sourceSearchEngine',
  'Video Promotion': 'sourceVideoPromotion',
} as const satisfies Record<Source, string>;

export interface ValueOption<T extends string> {
  value: T;
  label: string;
}

/** Identity and source select options with translated labels. */
export function useAccountOptions(): { identities: ValueOption<Identity>[]; sources: ValueOption<Source>[] } {
  const { t } = useTranslation('auth');
  return useMemo(
    () => ({
      identities: IDENTITIES.map((value) => ({ value, label: t(IDENTITY_LABEL_KEYS[value]) })),
      sources: SOURCES.map((value) => ({ value, label: t(SOURCE_LABEL_KEYS[value]) })),
    }),
    [t],
  );
}

/** A stored identity or source value shown in the current language; unknown values as they are. */
export function useValueLabel(): (value: string | null | undefined) => string | null {
  const { t } = useTranslation('auth');
  return useMemo(() => {
    const keys: Record<string, string> = { ...IDENTITY_LABEL_KEYS, ...SOURCE_LABEL_KEYS };
    return (value) => {
      if (!value) return null;
      const key = keys[value];
      return key ? t(key) : value;
    };
  }, [t]);
}
