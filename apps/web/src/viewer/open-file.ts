import { toastError } from '../api/ui-bridge';
import { i18n } from '../i18n';
import { dispatchBrowserEvent } from '../lib/browser-events';
import { entryToggleAction, planLoad } from './formats';
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
  if (planLoad(answer.data.format).kind === 'coordinates') {
    // Spec §3 "Trajectory load": coordinates need their model file, chosen in Load Trajectory.
    dispatchBrowserEvent('openLoadTrajectory', { coordinatesId: fileId });
    return null;
  }
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

/**
 * Spec §4, the Entry List's In column: absent → load; shown → hide (PLY: remove); hidden → show.
 * An absent coordinates file (xtc, dcd, trr) opens the Load Trajectory dialog with it chosen.
 */
export async function toggleEntry(viewer: ViewerService, file: { id: number; ext: string }): Promise<void> {
  const loaded = viewer.snapshot().files.find((f) => f.fileId === file.id);
  const action = entryToggleAction(loaded, file.ext);
  if (action === 'load' && planLoad(file.ext).kind === 'coordinates') {
    dispatchBrowserEvent('openLoadTrajectory', { coordinatesId: file.id });
    return;
  }
  if (action === 'hide') viewer.setVisible(file.id, false);
  else if (action === 'show') viewer.setVisible(file.id, true);
  else if (action === 'remove') await viewer.remove(file.id);
  else await openProjectFile(viewer, file.id);
}

/**
 * Spec §4 "Editing content": after a save, a loaded copy is removed and loaded again. A GET_PDB
 * file comes back as a new file (`replacedId` is the old one): the old copy goes, the new file
 * is loaded in its place. Files that were not in the viewer stay out of it.
 */
export async function reloadEditedFile(
  viewer: ViewerService,
  fileId: number,
  replacedId: number | null,
): Promise<void> {
  const oldId = replacedId ?? fileId;
  if (!viewer.isLoaded(oldId)) return;
  if (oldId !== fileId) await viewer.remove(oldId);
  await openProjectFile(viewer, fileId);
}

/**
 * Spec §4 "Import": 'Show in the 3D WorkSpace' opens the new entries; 'Replace Workspace'
 * empties the viewer first (project files and dropped ones alike). Entries the viewer cannot read are skipped quietly
 * (a SMILES or a CSV is imported for other tools, not to be seen in 3D).
 */
export async function showImportedFiles(
  viewer: ViewerService,
  files: readonly { id: number; ext: string }[],
  options: { showIn3d: boolean; replaceWorkspace: boolean },
): Promise<void> {
  if (!options.showIn3d) return;
  // Coordinates wait for their model (Load Trajectory), like the formats nothing reads.
  const readable = files.filter((file) => {
    const kind = planLoad(file.ext).kind;
    return kind !== 'unsupported' && kind !== 'coordinates';
  });
  if (readable.length === 0) return;
  if (options.replaceWorkspace) await viewer.clearAll();
  for (const file of readable) await openProjectFile(viewer, file.id);
}
