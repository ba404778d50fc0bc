import type { DockingResultRow } from '@medx/contract';
import type { LoadedFile } from '../../viewer/loaded-files';
import { openProjectFile } from '../../viewer/open-file';
import type { ViewerService } from '../../viewer/viewer-service';

/** The pose shown last by the 3D button: hidden when another is shown, so poses do not pile up. */
let lastPoseId: number | null = null;

async function ensureShown(viewer: ViewerService, fileId: number): Promise<LoadedFile | null> {
  const loaded = viewer.snapshot().files.find((f) => f.fileId === fileId);
  if (loaded) {
    viewer.setVisible(fileId, true);
    return loaded;
  }
  return openProjectFile(viewer, fileId);
}

/** Whether a result row can be opened in 3D (a successful pose with its receptor). */
export const canShow3d = (row: Pick<DockingResultRow, 'file_id' | 'protein_file_id' | 'status'>) =>
  row.status === 'SUCCESS' && row.file_id !== null && row.protein_file_id !== null;

/**
 * The Docking Result window's 3D button: loads the row's protein and pose into Med View through
 * the viewer service (so they appear like any opened file), then shows their interactions.
 */
export async function showDockingPose(viewer: ViewerService, row: DockingResultRow): Promise<boolean> {
  if (!canShow3d(row) || row.file_id === null || row.protein_file_id === null) return false;
  if (lastPoseId !== null && lastPoseId !== row.file_id) viewer.setVisible(lastPoseId, false);
  const protein = await ensureShown(viewer, row.protein_file_id);
  const pose = await ensureShown(viewer, row.file_id);
  if (!protein || !pose) return false;
  lastPoseId = row.file_id;
  const plugin = await viewer.whenReady();
  // Mol* code loads with the viewer's chunk, not with this window.
  const { showPoseInteractions } = await import('./pose-interactions');
  return showPoseInteractions(plugin, protein.ref, pose.ref, `${row.ligand_name} #${row.rank ?? ''}`);
}
