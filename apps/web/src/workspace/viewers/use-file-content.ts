import { useQuery } from '@tanstack/react-query';
import { filesApi } from '../../api/files';
import { toastError } from '../../api/ui-bridge';
import { i18n } from '../../i18n';

/** A file's text (GET /v1/files/{id}/content); a failure says 'Failed to load file content.' (spec §8). */
export function useFileContent(fileId: number | null) {
  return useQuery({
    queryKey: ['file-content', fileId],
    enabled: fileId !== null,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const answer = await filesApi.content(fileId ?? 0, { silent: true });
      if (!answer.success || !answer.data) {
        toastError(i18n.t('msg:loadContentFailed'));
        throw new Error(answer.msg);
      }
      return answer.data.content;
    },
  });
}
