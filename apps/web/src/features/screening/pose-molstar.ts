import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { loadPoseInteractions } from '../docking';

/** Tag of the data cell of the pose shown last, so the next one replaces it. */
export const SCREENING_POSE_TAG = 'medx-screening-pose';

/** Removes the screening pose shown before (its interactions depend on it and go with it). */
async function clearPose(plugin: PluginUIContext): Promise<void> {
  const old = plugin.state.data.selectQ((q) => q.root.subtree().withTag(SCREENING_POSE_TAG));
  if (old.length === 0) return;
  const builder = plugin.build();
  for (const cell of old) builder.delete(cell.transform.ref);
  await builder.commit();
}

/**
 * A screened pose is SDF text, not a project file: it goes into Mol*'s state tree as raw data
 * (as the viewer service loads a downloaded file, but without a file tag, so the Entry List does
 * not list it), with the 'default' preset; then the docking feature's interaction view joins it
 * with the receptor (already loaded, by its root cell ref). False when either has no structure.
 */
export async function showPoseText(
  plugin: PluginUIContext,
  receptorRootRef: string,
  sdf: string,
  label: string,
): Promise<boolean> {
  await clearPose(plugin);
  const data = await plugin.builders.data.rawData({ data: sdf, label }, { tags: [SCREENING_POSE_TAG] });
  try {
    const trajectory = await plugin.builders.structure.parseTrajectory(data, 'sdf');
    await plugin.builders.structure.hierarchy.applyPreset(trajectory, 'default');
  } catch (error) {
    // Leave no half-built pose behind.
    await plugin.build().delete(data.ref).commit();
    throw error;
  }
  const { showPoseInteractions } = await loadPoseInteractions();
  return showPoseInteractions(plugin, receptorRootRef, data.ref, label);
}
