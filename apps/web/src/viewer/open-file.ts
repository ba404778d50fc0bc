import { toastError } from '../api/ui-bridge';
import { i18n } from '../i18n';
import { entryToggleAction } from './formats';
import type { LoadedFile } from './loaded-files';
import { toLoadRequest, viewerApi } from './viewer-api';
import { UnsupportedFormatError, type ViewerService } from './viewer-service';

/**
 * Asks the files API where a file is and how to parse it, then loads it into the viewer.
 * Failures show spec §8's 'Open file error.' (with the reason when the format is unreadable).
 */
export async function openProjectFile(viewer: ViewerService, fileId: number): Promise<LoadedFile | null> {
  const answer = await viewerApi.show3d(fileId);
  if (!answer.success) return null; // the client already showed the error
  try {
    return await viewer.loadFile(toLoadRequest(answer.data));
  } catch (error) {
    console.error(error);
    toastError(
      error instanceof UnsupportedFormatError
        ? i18n.t('viewer:errors.unsupportedFormat', { format: error.format })
        : i18n.t('viewer:errors.openFile'),
    );
    return null;
  }
}

/** Spec §4, the Entry List's In column: load when absent or hidden, hide when shown (PLY: remove). */
export async function toggleEntry(viewer: ViewerService, file: { id: number; ext: string }): Promise<void> {
  const loaded = viewer.snapshot().files.find((f) => f.fileId === file.id);
  const action = entryToggleAction(loaded, file.ext);
  if (action === 'hide') viewer.setVisible(file.id, false);
  else if (action === 'remove') await viewer.remove(file.id);
  else await openProjectFile(viewer, file.id);
}
