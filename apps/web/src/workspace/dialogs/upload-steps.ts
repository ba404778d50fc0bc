import type { TFunction } from 'i18next';
import { filesApi } from '../../api/files';
import { uploadFile } from '../../api/uploads';
import { formatSize } from '../../lib/format-size';
import type { ImportSteps } from './import-files';

/**
 * The import steps against the server: upload settings, the tus upload, the entry. One path for
 * every file that becomes an entry from the browser (Import Structure, the 2D WorkSpace's Export).
 */
export function uploadSteps(projectId: number, t: TFunction, signal?: AbortSignal): ImportSteps {
  return {
    credentials: async () => {
      const answer = await filesApi.uploadCredentials(projectId);
      return answer.success && answer.data
        ? { ok: true, value: answer.data }
        : { ok: false, detail: answer.msg || t('common:errors.network') };
    },
    upload: (file, credentials, onProgress) =>
      uploadFile({
        file,
        credentials,
        projectId,
        signal,
        onProgress: (sent, total) => onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
      }),
    create: async (body) => {
      const answer = await filesApi.create(body, { silent: true });
      return answer.success && answer.data ? { ok: true, value: answer.data } : { ok: false, detail: answer.msg };
    },
    tooLarge: (limit) => t('msg:fileTooLarge', { limit: formatSize(limit) }),
  };
}
