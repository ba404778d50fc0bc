import type { CallingCode } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_CALLING_CODES, type RegionOption, toRegionOptions } from './phone-value';
import { accountApi, CALLING_CODES_KEY } from './users-api';

async function fetchCallingCodes(): Promise<CallingCode[]> {
  const res = await accountApi.callingCodes();
  if (!res.success || !Array.isArray(res.data)) throw new Error(res.msg);
  return res.data;
}

/** Region select options in the current language; the default region is there before the list loads. */
export function useRegionOptions(): { options: RegionOption[]; loading: boolean } {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: CALLING_CODES_KEY,
    queryFn: fetchCallingCodes,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const codes = query.data && query.data.length > 0 ? query.data : FALLBACK_CALLING_CODES;
  const options = useMemo(() => toRegionOptions(codes, i18n.language), [codes, i18n.language]);
  return { options, loading: query.isPending };
}
