import type { ProjectFile } from '@medx/contract';
import type { TFunction } from 'i18next';
import { filesApi } from '../../api/files';
import { importFiles } from '../../workspace/dialogs/import-files';
import { uploadSteps } from '../../workspace/dialogs/upload-steps';
import { sdfFileName, sdfRecord } from './export-sdf';

export interface SaveOutcome {
  /** The new 2D entry, or null when the upload or the entry failed (the reason was reported). */
  entry: ProjectFile | null;
  /** Whether the 3D version was asked for and made. */
  made3d: boolean;
}

/**
 * Writes the drawing into the project's Entry List as `<name>.sdf`, by the Import Structure
 * dialog's path (tus upload, then POST /v1/files), then, when asked, its 3D version as a new
 * entry (POST /v1/files/{id}/convert_to_3d with is_new_entry; the API client shows a failure).
 */
export async function saveToEntries(
  input: { molfile: string; name: string; make3d: boolean; projectId: number },
  t: TFunction,
  onFailure: (detail: string) => void,
): Promise<SaveOutcome> {
  const file = new File([sdfRecord(input.molfile, input.name)], sdfFileName(input.name), {
    type: 'chemical/x-mdl-sdfile',
  });
  const outcome = await importFiles([file], input.projectId, uploadSteps(input.projectId, t), {
    onStatus: () => undefined,
    onProgress: () => undefined,
    onFailure: (_file, detail) => onFailure(detail),
  });
  const entry = outcome.created[0] ?? null;
  if (!entry || !input.make3d) return { entry, made3d: false };
  const answer = await filesApi.to3d(entry.id, true);
  return { entry, made3d: answer.success };
}
