import { useQuery } from '@tanstack/react-query';
import { filesApi } from '../../api/files';
import { useDebouncedValue } from './use-debounced-value';
import { quickSmilesProblem, type SeedCheck } from './wizard-rules';

/** How long typing must pause before the server is asked about a seed. */
export const SEED_CHECK_DELAY_MS = 400;

/**
 * Whether a seed SMILES parses, asked of the server (POST /v1/files/convert_to_smiles with ext
 * smi, which also draws it) once typing pauses and the quick check passes. Answers are kept per
 * text, so going back and forth between the steps asks once.
 */
export function useSeedCheck(text: string): SeedCheck {
  const smiles = text.trim();
  const settled = useDebouncedValue(smiles, SEED_CHECK_DELAY_MS);
  const worthAsking = settled !== '' && quickSmilesProblem(settled) === null;
  const query = useQuery({
    queryKey: ['transmol-seed', settled],
    enabled: worthAsking,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async ({ signal }) => {
      // Silent: the verdict is shown under the field, not as a toast.
      const answer = await filesApi.contentToSmiles('smi', settled, { silent: true, signal });
      return answer.success && answer.data
        ? { ok: true as const, canonical: answer.data.smiles, image: answer.data.base64 || null }
        : { ok: false as const, message: answer.msg };
    },
  });
  if (quickSmilesProblem(smiles) !== null) return { status: 'idle' };
  if (settled !== smiles || !query.data) return { status: 'checking' };
  return query.data.ok
    ? { status: 'valid', smiles, canonical: query.data.canonical, image: query.data.image }
    : { status: 'invalid', smiles, message: query.data.message };
}
