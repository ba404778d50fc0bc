import type { ScreeningLigandDetail } from '@medx/contract';
import type { LoadedFile } from '../../viewer/loaded-files';
import { openProjectFile } from '../../viewer/open-file';
import type { ViewerService } from '../../viewer/viewer-service';

/** Whether a ligand row can be shown in 3D: only docked ligands have a pose. */
export const canShowPose = (ligand: { status: string }) => ligand.status === 'DONE';

/** The receptor (a project file) in Med View: shown again if hidden, loaded if absent. */
async function ensureReceptor(viewer: ViewerService, fileId: number): Promise<LoadedFile | null> {
  const loaded = viewer.snapshot().files.find((f) => f.fileId === fileId);
  if (loaded) {
    viewer.setVisible(fileId, true);
    return loaded;
  }
  return openProjectFile(viewer, fileId);
}

/**
 * The 3D button of the Screening Result table: the receptor as a project file, then the pose from
 * its SDF text (pose-molstar.ts, loaded with Mol*'s chunk), with their interactions.
 * `fallbackReceptor` is the screen's receptor when the ligand's own is not given.
 */
export async function showScreeningPose(
  viewer: ViewerService,
  ligand: Pick<ScreeningLigandDetail, 'name' | 'rank' | 'pose_sdf' | 'receptor_file_id'>,
  fallbackReceptor: number | null = null,
): Promise<boolean> {
  const receptorId = ligand.receptor_file_id ?? fallbackReceptor;
  if (!ligand.pose_sdf || receptorId === null) return false;
  const receptor = await ensureReceptor(viewer, receptorId);
  if (!receptor) return false;
  const plugin = await viewer.whenReady();
  const { showPoseText } = await import('./pose-molstar');
  const label = ligand.rank === null ? ligand.name : `${ligand.name} #${ligand.rank}`;
  return showPoseText(plugin, receptor.ref, ligand.pose_sdf, label);
}
